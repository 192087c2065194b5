/**
 * Phone confirmation codes sent at once (security issue 43, finding 10): 30 simultaneous
 * `send-confirmation-code` calls of one account each answer without a 5xx (one of them was a
 * deadlock), and only the code sent last still works. On PostgreSQL (CI) the calls really overlap.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userCodes } from '#src/db/schema/index.ts';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { signedUser } from '#src/testing/signed-user.ts';

let testApp: TestApp;

beforeAll(async () => {
  // The per-account limit would answer 429 before the calls meet in the database.
  testApp = await buildTestApp({ AUTH_LIMIT: '100000' });
});
afterAll(() => testApp.close());

describe('sending phone confirmation codes at once', () => {
  it('answers 30 simultaneous calls of one account without a 5xx, leaving one code usable', async () => {
    const { token, phone } = await signedUser(testApp.database.db);
    for (let round = 0; round < 3; round += 1) {
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          testApp.app.inject({
            method: 'POST',
            url: '/crm/api/user/send-confirmation-code',
            headers: { 'x-authorization': `Bearer ${token}` },
            payload: { code_sender: (['sms', 'whatsapp', 'telegram'] as const)[i % 3] },
          }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
      const usable = await testApp.database.db
        .select({ id: userCodes.id })
        .from(userCodes)
        .where(
          and(
            eq(userCodes.login, phone),
            eq(userCodes.purpose, 'confirm-phone'),
            isNull(userCodes.usedAt),
          ),
        );
      expect(usable).toHaveLength(1);
    }
  });
});
