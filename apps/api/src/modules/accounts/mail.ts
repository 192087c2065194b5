/** The emails accounts send: address confirmation and password reset links. */
import type { Database } from '#src/db/client.ts';
import { outbox } from '#src/db/schema/index.ts';
import { createLinkToken } from './links.ts';
import type { UserRow } from './sessions.ts';

type Executor = Pick<Database, 'insert'>;

/** Queues the "confirm your email" link to the user's current address (if any). */
export async function sendEmailConfirmation(
  db: Executor,
  user: Pick<UserRow, 'id' | 'email' | 'firstName'>,
  publicUrl: string,
): Promise<void> {
  if (!user.email) return;
  const token = await createLinkToken(db, user.id, 'confirm-email', user.email);
  const link = new URL('/email-confirm', publicUrl);
  link.searchParams.set('token', token);
  await db.insert(outbox).values({
    kind: 'confirm-email',
    channel: 'email',
    recipient: user.email,
    subject: 'Confirm your email for Gallop',
    body: `Hello${user.firstName ? ` ${user.firstName}` : ''},\n\nPlease confirm your email address: ${link.href}\n\nThe link is valid for 3 days.`,
    payload: { userId: user.id, link: link.href },
  });
}

/** Queues a password reset link (valid one hour). */
export async function sendPasswordReset(
  db: Executor,
  user: Pick<UserRow, 'id' | 'email'>,
  publicUrl: string,
): Promise<void> {
  if (!user.email) return;
  const token = await createLinkToken(db, user.id, 'reset-password');
  const link = new URL('/login', publicUrl);
  link.searchParams.set('password_reset_token', token);
  await db.insert(outbox).values({
    kind: 'reset-password',
    channel: 'email',
    recipient: user.email,
    subject: 'Reset your Gallop password',
    body: `Someone asked to reset the password of your Gallop account. If it was you, open: ${link.href}\n\nThe link is valid for one hour. If it was not you, ignore this email.`,
    payload: { userId: user.id, link: link.href },
  });
}
