/**
 * Saves of a meeting's details are limited per meeting (one per booking), as the rider lists are
 * (decision 199): each save e-mails the traveller the organizer's text. Measured before: 12 saves
 * on one key, 12 × 200 and 12 e-mails to the booking's contact. On a scratch database with a
 * limit of 4.
 */
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { meetings, outbox } from '#src/db/schema/index.ts';
import { findRequest, openMeeting } from '#src/modules/bookings/index.ts';
import {
  bookingScratchAppForFile,
  book,
  dateWithSeats,
  signUp,
  uniqueEmail,
} from '#src/modules/bookings/testing-scratch.ts';
import { expectContractResponse } from '#src/testing/contract.ts';
import type { Json } from '#src/testing/call.ts';

/** Also the bookings per address (`PUBLIC_WRITE_LIMIT`): the file makes 2 from one. */
const LIMIT = 4;

const { app, db } = bookingScratchAppForFile('meet_save_limit', {
  PUBLIC_WRITE_LIMIT: String(LIMIT),
});
const used = new Set<number>();

/** A booking with its meeting opened under a key of our own: the key, contract id and contact. */
async function meetingOf(token: string) {
  const contact = uniqueEmail('meet-contact');
  const made = await book(app(), await dateWithSeats(db(), 10, used), { token, email: contact });
  expect(made.status).toBe(201);
  const key = `meet-save-limit-${contact}`;
  await openMeeting(
    db(),
    (await findRequest(db(), made.body.id as number))!,
    'http://web.test',
    key,
  );
  const [meeting] = await db()
    .select()
    .from(meetings)
    .where(eq(meetings.requestId, made.body.id as number));
  return { key, contractId: meeting!.id, contact };
}

async function save(key: string, contractId: number, text: string) {
  const response = await app().inject({
    method: 'POST',
    url: `/spa/contract-organizer-meet-save?key=${encodeURIComponent(key)}`,
    payload: { contract_id: contractId, organizer_meet_data: text },
  });
  return { response, status: response.statusCode, body: response.json() as Json };
}

const mailsTo = async (recipient: string) =>
  (
    await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, recipient), like(outbox.kind, 'meeting-details-%')))
  ).length;

describe('saving the meeting details again and again', () => {
  it('answers 429 with a captcha past the limit per meeting, and e-mails no more', async () => {
    const owner = await signUp(app());
    const first = await meetingOf(owner.token);
    const second = await meetingOf(owner.token);

    // A wrong key opens nothing and counts nothing.
    for (let i = 0; i < LIMIT + 2; i += 1) {
      expect((await save('not-a-key', first.contractId, 'Meet at the gate.')).status).toBe(404);
    }

    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof save>> | undefined;
    for (let i = 0; i < LIMIT + 3; i += 1) {
      const answer = await save(first.key, first.contractId, `Meet at the gate at ${i + 8}:00.`);
      statuses.push(answer.status);
      if (answer.status === 429) refused = answer;
    }
    expect(statuses).toEqual([...Array(LIMIT).fill(200), 429, 429, 429]);
    expect(refused!.body).toEqual({
      message: 'Too many requests. Please confirm you are not a robot.',
      type: 'captcha',
    });
    expectContractResponse(refused!.response, 'saveContractOrganizerMeet');
    expect(await mailsTo(first.contact)).toBe(LIMIT);

    // Another booking's meeting keeps its own count.
    expect((await save(second.key, second.contractId, 'Meet at the station.')).status).toBe(200);
    expect(await mailsTo(second.contact)).toBe(1);
  });

  it('lets exactly the limit through when the saves come at once, and e-mails that many', async () => {
    const owner = await signUp(app());
    const meeting = await meetingOf(owner.token);
    const answers = await Promise.all(
      Array.from({ length: LIMIT + 8 }, (_, i) =>
        save(meeting.key, meeting.contractId, `Meet at the gate at ${i + 8}:00.`),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array(LIMIT).fill(200), ...Array(8).fill(429)]);
    expect(await mailsTo(meeting.contact)).toBe(LIMIT);
  });
});
