/**
 * Refresh-token reuse (issue 43, finding 9): a refresh token that was rotated away and comes back
 * after the grace window ends its whole session; inside the window (tabs of one browser racing a
 * refresh) it is only refused. The time that has gone by is set on the retired token's row. On
 * PostgreSQL (CI) the simultaneous refreshes really overlap, on a scratch database of their own.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import { users, userSessionRetiredRefresh } from '#src/db/schema/index.ts';
import { contractCaller } from '#src/testing/call.ts';
import { buildScratchApp, type ScratchApp } from '#src/testing/scratch-database.ts';
import { hashSecret } from './secrets.ts';
import { openSession, REFRESH_REUSE_GRACE_MS } from './sessions.ts';

let scratch: ScratchApp;
let db: Database;

beforeAll(async () => {
  // Per-address limits, should they ever count refreshes, must not answer for the token.
  scratch = await buildScratchApp('sessions', { AUTH_LIMIT: '100000' });
  db = scratch.scratch.handle.db;
});
afterAll(() => scratch.close());

const call = contractCaller(() => scratch.app);
const refresh = (refreshToken: string) =>
  call('refreshToken', 'POST', '/crm/api/user/refresh-token', {
    payload: { refresh_token: refreshToken },
  });
const profile = (token: string) => call('getProfile', 'GET', '/crm/api/user/profile', { token });

async function signedIn() {
  const [user] = await db
    .insert(users)
    .values({ email: `refresh-${randomUUID()}@example.com`, firstName: 'Rae' })
    .returning();
  return openSession(db, user!.id);
}

/** As if `ms` had gone by since the refresh token was rotated away. */
async function retiredAgo(refreshToken: string, ms: number) {
  await db
    .update(userSessionRetiredRefresh)
    .set({ retiredAt: new Date(Date.now() - ms) })
    .where(eq(userSessionRetiredRefresh.refreshHash, hashSecret(refreshToken)));
}

describe('a refresh token used again', () => {
  it('after the grace window ends the session: the newest tokens get 401 too', async () => {
    const first = await signedIn();
    const rotated = await refresh(first.refresh_token);
    expect(rotated.status).toBe(200);
    expect((await profile(rotated.body.token)).status).toBe(200);

    await retiredAgo(first.refresh_token, REFRESH_REUSE_GRACE_MS + 1_000);
    const replayed = await refresh(first.refresh_token);
    expect(replayed.status).toBe(401);
    expect(replayed.body.message).toBe('The session has expired. Please sign in again.');

    expect((await refresh(rotated.body.refresh_token)).status).toBe(401);
    expect((await profile(rotated.body.token)).status).toBe(401);
  });

  it('inside the grace window is only refused; the same token later ends the session', async () => {
    const first = await signedIn();
    const rotated = await refresh(first.refresh_token);
    expect(rotated.status).toBe(200);

    // A tab that raced the refresh, at once and nine seconds later.
    expect((await refresh(first.refresh_token)).status).toBe(401);
    await retiredAgo(first.refresh_token, REFRESH_REUSE_GRACE_MS - 1_000);
    expect((await refresh(first.refresh_token)).status).toBe(401);
    expect((await profile(rotated.body.token)).status).toBe(200);
    const again = await refresh(rotated.body.refresh_token);
    expect(again.status).toBe(200);

    // An older token than the last one is recognised as well.
    await retiredAgo(first.refresh_token, REFRESH_REUSE_GRACE_MS + 1_000);
    expect((await refresh(first.refresh_token)).status).toBe(401);
    expect((await profile(again.body.token)).status).toBe(401);
    expect((await refresh(again.body.refresh_token)).status).toBe(401);
  });

  it('by 20 simultaneous refreshes: exactly one succeeds and the session goes on', async () => {
    for (let round = 0; round < 3; round += 1) {
      const first = await signedIn();
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => refresh(first.refresh_token)),
      );
      const succeeded = answers.filter((answer) => answer.status === 200);
      expect(succeeded).toHaveLength(1);
      expect(answers.filter((answer) => answer.status === 401)).toHaveLength(19);

      const winner = succeeded[0]!.body;
      expect((await profile(winner.token)).status).toBe(200);
      const next = await refresh(winner.refresh_token);
      expect(next.status).toBe(200);

      // The race left the token recognised: coming back later, it ends the session.
      await retiredAgo(first.refresh_token, REFRESH_REUSE_GRACE_MS + 1_000);
      expect((await refresh(first.refresh_token)).status).toBe(401);
      expect((await profile(next.body.token)).status).toBe(401);
    }
  });
});
