/**
 * The organizer's Confirm and Decline links replayed, as an attacker and as an unlucky
 * organizer: a link names one booking (its token edited to name another is refused), 20 declines
 * at once decline once and free the seats once, and a link used after the booking moved on
 * (cancelled by its traveller) is a 409 that changes nothing. On PostgreSQL (CI) they overlap.
 */
import { describe, expect, it } from 'vitest';
import type { Json } from '#src/testing/call.ts';
import {
  answerLinkToken,
  book,
  bookingScratchAppForFile,
  cancelBooking,
  dateWithSeats,
  messagesAbout,
  seatsOf,
  signUp,
  tallyStatuses,
} from './testing-scratch.ts';

const { app, db } = bookingScratchAppForFile('link_replays');
const used = new Set<number>();

async function answer(payload: object) {
  const response = await app().inject({ method: 'POST', url: '/crm/api/request/answer', payload });
  return { status: response.statusCode, body: response.json() as Json };
}

/** A traveller's request waiting for its organizer's answer, and its link's token. */
async function waitingRequest() {
  const date = await dateWithSeats(db(), 10, used, { guaranteed: false });
  const traveller = await signUp(app());
  const made = await book(app(), date, { ...traveller, riders: 2 });
  expect(made.body.status).toBe(1);
  const id = made.body.id as number;
  return { date, traveller, id, token: await answerLinkToken(db(), id) };
}

describe("the organizer's answer links replayed", () => {
  it('answer the booking they name only', async () => {
    const [mine, theirs] = [await waitingRequest(), await waitingRequest()];
    const [, signature] = mine.token.split('.');
    const renamed = Buffer.from(JSON.stringify({ answer: theirs.id })).toString('base64url');
    const forged = await answer({ token: `${renamed}.${signature}`, answer: 'confirm' });
    expect(forged).toMatchObject({ status: 404, body: { message: 'This link is not valid' } });
    expect(await seatsOf(db(), theirs.date.id)).toMatchObject({ sold: 2 });
  });

  it('decline once for 20 declines at once, freeing the seats once', async () => {
    const { date, id, token } = await waitingRequest();
    const decline = () => answer({ token, answer: 'decline', reason: 'No guides that week' });
    const answers = await Promise.all(Array.from({ length: 20 }, decline));
    expect(tallyStatuses(answers)).toEqual({ 200: 20 });
    expect(await seatsOf(db(), date.id)).toMatchObject({ free: 10, sold: 0 });
    expect(await messagesAbout(db(), id, 'booking-declined')).toHaveLength(1);
  }, 120_000);

  it('refuse an answer once the traveller has cancelled, changing nothing', async () => {
    const { date, traveller, id, token } = await waitingRequest();
    expect((await cancelBooking(app(), traveller.token, id)).status).toBe(200);
    for (const sent of [
      { token, answer: 'confirm' },
      { token, answer: 'decline', reason: 'Too late' },
    ]) {
      const late = await answer(sent);
      expect(late.status).toBe(409);
      expect(late.body.message).toEqual(expect.any(String));
    }
    expect(await seatsOf(db(), date.id)).toMatchObject({ free: 10, sold: 0 });
  });
});
