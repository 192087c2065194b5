/**
 * A traveller signed in straight in the database (no registration, captcha or e-mail round
 * trip), for tests that need a session and not the sign-in flow: the fuzzing and concurrency
 * tests. The account has a random e-mail and phone, so it never collides with another test's.
 * Its e-mail is confirmed unless `emailConfirmed` is false: an account that proved no login holds
 * seats under the caps of unproven holds (decision 146).
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { Database } from '#src/db/client.ts';
import { users } from '#src/db/schema/index.ts';
import { openSession } from '#src/modules/sessions/index.ts';

export interface SignedUser {
  userId: number;
  email: string;
  phone: string;
  /** Sent as `X-Authorization: Bearer <token>`; valid for the access token's lifetime. */
  token: string;
}

export async function signedUser(
  db: Database,
  { emailConfirmed = true }: { emailConfirmed?: boolean } = {},
): Promise<SignedUser> {
  const phone = `+4915${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
  const email = `signed-${randomUUID()}@example.com`;
  const [user] = await db
    .insert(users)
    .values({
      email,
      emailConfirmedAt: emailConfirmed ? new Date() : null,
      phone,
      firstName: 'Sig',
      lastName: 'Ned',
    })
    .returning({ id: users.id });
  const { token } = await openSession(db, user!.id);
  return { userId: user!.id, email, phone, token };
}
