/**
 * A follow confirmation link's token is verified once a request (decision 195's
 * `/spa/confirm-tour-follow`): the one reading keys the per-link rate limit and is the follow
 * that starts, as it is the follow the GET's page shows. It was verified twice on a confirmation,
 * once for the limit and again to follow. An unfollow link's token likewise
 * (`/spa/unsubscribe-tour-program`): it was verified twice on an unfollow, once for the limit and
 * again to unfollow. Counted by wrapping `verifyServiceToken` and `verifyToken`, so this file
 * runs isolated (on PGlite, `vitest.embedded.config.ts`).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as Sessions from '#src/modules/sessions/index.ts';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { expectContractResponse } from '#src/testing/contract.ts';
import { followToken } from './follow-confirmation.ts';
import { firstPublishedTour } from './testing.ts';
import { unfollowToken } from './unfollow.ts';

/** Every token the app verified, in order. */
const verifiedTokens = vi.hoisted((): string[] => []);
vi.mock('#src/modules/sessions/index.ts', async (importOriginal) => {
  const original = await importOriginal<typeof Sessions>();
  return {
    ...original,
    verifyServiceToken: (...args: Parameters<typeof original.verifyServiceToken>) => {
      verifiedTokens.push(args[1]);
      return original.verifyServiceToken(...args);
    },
    verifyToken: (...args: Parameters<typeof original.verifyToken>) => {
      verifiedTokens.push(args[1]);
      return original.verifyToken(...args);
    },
  };
});

const SECRET = 'follower-secret-for-tests';
let testApp: TestApp;

beforeAll(async () => {
  testApp = await buildTestApp({ FOLLOWER_SECRET: SECRET, PUBLIC_URL: 'https://gallop.example' });
});
afterAll(() => testApp.close());

describe('a follow confirmation link (decision 195)', () => {
  it('is verified once a request, the page read and the confirmation alike', async () => {
    const tour = await firstPublishedTour(testApp.database.db);
    const email = `follower-${randomUUID()}@example.com`;
    const token = followToken(SECRET, { tourId: tour.id, email });
    const verified = () => verifiedTokens.filter((checked) => checked === token).length;

    const read = await testApp.app.inject({
      method: 'GET',
      url: `/spa/confirm-tour-follow?token=${encodeURIComponent(token)}`,
    });
    expect(read.statusCode).toBe(200);
    expect(expectContractResponse(read, 'getTourFollowConfirmation')).toMatchObject({ email });
    expect(verified()).toBe(1);

    const confirmed = await testApp.app.inject({
      method: 'POST',
      url: '/spa/confirm-tour-follow',
      payload: { token },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(expectContractResponse(confirmed, 'confirmTourFollow')).toMatchObject({
      result: true,
      tour: { id: tour.id },
    });
    expect(verified()).toBe(2);
  });
});

describe('an unfollow link (decision 058)', () => {
  it('is verified once a request, the page read and the unfollow alike', async () => {
    const tour = await firstPublishedTour(testApp.database.db);
    const email = `unfollower-${randomUUID()}@example.com`;
    const token = unfollowToken(SECRET, { tourId: tour.id, email });
    const verified = () => verifiedTokens.filter((checked) => checked === token).length;

    const read = await testApp.app.inject({
      method: 'GET',
      url: `/spa/unsubscribe-tour-program?token=${encodeURIComponent(token)}`,
    });
    expect(read.statusCode).toBe(200);
    expect(expectContractResponse(read, 'getTourFollowing')).toMatchObject({ email });
    expect(verified()).toBe(1);

    const unfollowed = await testApp.app.inject({
      method: 'POST',
      url: '/spa/unsubscribe-tour-program',
      payload: { token },
    });
    expect(unfollowed.statusCode).toBe(200);
    expect(expectContractResponse(unfollowed, 'unsubscribeTourProgram')).toMatchObject({
      result: true,
      tour: { id: tour.id },
    });
    expect(verified()).toBe(2);
  });
});
