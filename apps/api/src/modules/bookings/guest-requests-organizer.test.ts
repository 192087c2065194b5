/**
 * A guest's request as its organizer meets it: booked signed out, it waits for the traveller to
 * confirm the e-mail before the organizer can confirm it (a confirmation runs the date for good,
 * decision 148, and an address nobody proves is released within 30 minutes). The organizer sees
 * why (`email_proof_required`), is told when the traveller confirms it, and the traveller's
 * guarantee e-mail asks for the proof before any payment. A signed-in traveller's new booking
 * writes its line in the organizer's chat, whose system lines refresh the organizer's pages.
 * Walked in the API by both people: the organizer (a member of the tour's organizer) and the
 * traveller.
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chatMessages, outbox, tourDates } from '#src/db/schema/index.ts';
import type { Json } from '#src/testing/call.ts';
import { expectContractResponse } from '#src/testing/contract.ts';
import { testDatabaseKind } from '#src/testing/database.ts';
import { findRequest, STATUS } from './records.ts';
import {
  bearer,
  book,
  bookingScratchAppForFile,
  dateWithSeats,
  messagesAbout,
  messagesOfDate,
  organizerMemberOf,
  signInWithEmailCode,
  signUp,
  uniqueEmail,
  waitingDate,
  type TourDateRow,
  answerLinkToken,
  confirmByLink as confirmByLinkOf,
} from './testing-scratch.ts';

const { app, db } = bookingScratchAppForFile('guest_requests_organizer');
const used = new Set<number>();
const rounds = testDatabaseKind() === 'postgres' ? 5 : 2;

const rowOf = async (id: number) => (await findRequest(db(), id))!;
const dateOf = async (id: number) =>
  (await db().select().from(tourDates).where(eq(tourDates.id, id)))[0]!;

async function organizerBooking(token: string, id: number) {
  const response = await app().inject({
    url: `/crm/api/partner/booking?id=${id}`,
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(200);
  return expectContractResponse(response, 'getOrganizerBooking') as Json;
}

async function organizerList(token: string, status: string) {
  const response = await app().inject({
    url: `/crm/api/partner/bookings?status=${status}&per-page=100`,
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(200);
  return (expectContractResponse(response, 'listOrganizerBookings') as Json).items as Json[];
}

async function confirmInArea(token: string, id: number) {
  const response = await app().inject({
    method: 'POST',
    url: '/crm/api/partner/booking/confirm',
    headers: bearer(token),
    payload: { id },
  });
  return {
    status: response.statusCode,
    body: expectContractResponse(response, 'confirmOrganizerBooking') as Json,
  };
}

/** Confirms request `id` by the Confirm link of the organizer's e-mail about it. */
const confirmByLink = (id: number) => confirmByLinkOf(app(), db(), id);

/** The request as the e-mailed link's page reads it. */
async function requestByLink(id: number) {
  const token = await answerLinkToken(db(), id);
  const response = await app().inject({
    method: 'GET',
    url: `/crm/api/request/answer?token=${encodeURIComponent(token)}`,
  });
  expect(response.statusCode).toBe(200);
  return response.json() as Json;
}

/** The system lines written about booking `id` in chats. */
const chatLinesAbout = (id: number) =>
  db()
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.requestId, id), eq(chatMessages.side, 'staff')));

/** A signed-out guest's booking with a new address. */
async function guestBooking(date: TourDateRow, riders = 2) {
  const email = uniqueEmail('guest');
  const made = await book(app(), date, { email, riders });
  expect(made.status).toBe(201);
  return { id: made.body.id as number, email, status: made.body.status as number };
}

describe("a guest's request, as its organizer meets it", () => {
  it('waits for the traveller’s e-mail before the organizer can confirm it, then can be', async () => {
    const date = await waitingDate(db(), 12, used);
    const organizer = await organizerMemberOf(app(), db(), date);
    const guest = await guestBooking(date);
    expect(guest.status).toBe(STATUS.pendingConfirm);

    // The organizer's e-mail says what the request waits for; its Confirm link answers once the
    // traveller has confirmed the e-mail.
    const [first] = await messagesAbout(db(), guest.id, 'request-to-answer');
    expect(first!.subject).toMatch(
      new RegExp(
        `^Booking request #${guest.id}, to answer once the traveller confirms their e-mail: `,
      ),
    );
    expect(first!.body).toContain(
      'They booked without signing in, so the request waits for them to confirm their e-mail address within 30 minutes; unconfirmed, it is released. Until then it cannot be confirmed; we will e-mail you when they confirm it.',
    );
    expect(first!.body).toContain(
      'Confirm (once they have confirmed their e-mail): http://web.test/partner/answer?',
    );
    expect(first!.body).toContain(`The booking: http://web.test/partner/bookings/${guest.id}`);

    // The page and the lists say it; only a decline is offered.
    expect(await organizerBooking(organizer.token, guest.id)).toMatchObject({
      status: 1,
      email_proof_required: true,
      can_confirm: false,
      can_decline: true,
      chat_id: null,
    });
    expect((await organizerList(organizer.token, 'waiting')).map((item) => item.id)).not.toContain(
      guest.id,
    );
    const listed = (await organizerList(organizer.token, 'active')).find(
      (item) => item.id === guest.id,
    );
    expect(listed).toMatchObject({ status: 1, email_proof_required: true });

    // So does the e-mailed link's page, which then offers no Confirm.
    expect(await requestByLink(guest.id)).toMatchObject({ status: 1, email_proof_required: true });

    // Neither way of confirming runs the date on an address nobody proved.
    const refused = 'The traveller has not confirmed their e-mail address yet';
    const area = await confirmInArea(organizer.token, guest.id);
    expect(area.status).toBe(409);
    expect(area.body.message).toContain(refused);
    const link = await confirmByLink(guest.id);
    expect(link.status).toBe(409);
    expect(link.body.message).toContain(refused);
    expect((await rowOf(guest.id)).status).toBe(STATUS.pendingConfirm);
    expect((await dateOf(date.id)).notGuaranteed).toBe(true);

    // The traveller proves the address: the organizer is told, by e-mail and in the chat.
    await signInWithEmailCode(app(), db(), guest.email);
    const told = (await messagesAbout(db(), guest.id, 'organizer-booking-notice')).filter(
      (mail) => (mail.payload as Json).event === 'email-confirmed',
    );
    expect(told).toHaveLength(1);
    expect(told[0]!.recipient).not.toBe(guest.email);
    expect(told[0]!.subject).toMatch(
      new RegExp(`^The traveller confirmed their e-mail for booking #${guest.id}: `),
    );
    expect(told[0]!.body).toMatch(
      new RegExp(
        `The traveller confirmed their e-mail address, so booking request #${guest.id} is theirs and you can answer it now, by \\d{1,2} \\w+ \\d{4}, \\d{2}:\\d{2} UTC, with the links of our first e-mail or on the booking's page; unanswered, it is released\\.`,
      ),
    );
    const lines = await chatLinesAbout(guest.id);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.body).toMatch(
      new RegExp(
        `^The e-mail address of booking request #${guest.id} is confirmed: it waits for the organizer's answer until `,
      ),
    );
    // Gallop's line (no sender), pushed to both sides' sockets by the chat's announcer.
    expect(lines[0]!.senderId).toBeNull();

    expect(await requestByLink(guest.id)).toMatchObject({ status: 1, email_proof_required: false });
    const afterProof = await organizerBooking(organizer.token, guest.id);
    expect(afterProof).toMatchObject({
      email_proof_required: false,
      can_confirm: true,
      chat_id: lines[0]!.chatId,
    });
    expect((await organizerList(organizer.token, 'waiting')).map((item) => item.id)).toContain(
      guest.id,
    );
    const confirmed = await confirmInArea(organizer.token, guest.id);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ status: 2, email_proof_required: false });
    expect((await dateOf(date.id)).notGuaranteed).toBe(false);
  });

  it('asks an unproven guest whose date runs to confirm the e-mail before paying', async () => {
    const date = await waitingDate(db(), 12, used);
    const organizer = await organizerMemberOf(app(), db(), date);
    const guest = await guestBooking(date, 1);
    const traveller = await signUp(app());
    const proven = await book(app(), date, { ...traveller, riders: 1 });
    expect(proven.body.status).toBe(STATUS.pendingConfirm);

    // The organizer confirms the proven traveller's request: the date runs for everyone on it.
    expect((await confirmInArea(organizer.token, proven.body.id as number)).status).toBe(200);
    expect((await rowOf(guest.id)).status).toBe(STATUS.pendingPrepayment);
    const [guestMail] = await messagesAbout(db(), guest.id, 'date-guaranteed');
    expect(guestMail!.recipient).toBe(guest.email);
    expect(guestMail!.body).toMatch(
      new RegExp(
        `Booking #${guest.id} is confirmed\\. To keep the seats, confirm your e-mail address by \\d{1,2} \\w+ \\d{4}, \\d{2}:\\d{2} UTC: open your booking and sign in with the one-time code we send to this address\\. Then pay the (prepayment|full price), `,
      ),
    );
    expect(guestMail!.body).not.toMatch(/: pay the (prepayment|full price)/);
    // The proven traveller is asked to pay, as before.
    const [own] = await messagesAbout(db(), proven.body.id as number, 'date-guaranteed');
    expect(own!.body).toMatch(/Pay the (prepayment|full price), /);
  });

  it('tells the organizer of a claim once, in the guarantee it brought', async () => {
    const date = await waitingDate(db(), 12, used, 2);
    const traveller = await signUp(app());
    const proven = await book(app(), date, { ...traveller, riders: 1 });
    const guest = await guestBooking(date, 1);
    expect((await dateOf(date.id)).notGuaranteed).toBe(true);

    await signInWithEmailCode(app(), db(), guest.email);
    expect((await dateOf(date.id)).notGuaranteed).toBe(false);
    expect(await messagesOfDate(db(), date.id, 'organizer-date-guaranteed')).toHaveLength(1);
    const claimNotices = (await messagesAbout(db(), guest.id, 'organizer-booking-notice')).filter(
      (mail) => (mail.payload as Json).event === 'email-confirmed',
    );
    expect(claimNotices).toHaveLength(0);
    // One chat line for the one moment: the guarantee's.
    const lines = await chatLinesAbout(guest.id);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.body).toMatch(/guaranteed/);
    expect((await rowOf(proven.body.id as number)).status).toBe(STATUS.pendingPrepayment);
  });
});

describe('the traveller proving the address while the organizer confirms', () => {
  it(`never confirms an unproven request, ${rounds} rounds: 200 only once proven, no 5xx, told once`, async () => {
    for (let round = 0; round < rounds; round += 1) {
      const date = await waitingDate(db(), 12, used);
      const organizer = await organizerMemberOf(app(), db(), date);
      const guest = await guestBooking(date);
      await app().inject({
        method: 'POST',
        url: '/crm/api/user/send-auth-code',
        payload: { login: guest.email, code_sender: 'email' },
      });
      const [mail] = await db()
        .select()
        .from(outbox)
        .where(and(eq(outbox.recipient, guest.email), eq(outbox.kind, 'sign-in-code')));
      const code = mail!.body.match(/\b(\d{5})\b/)![1];
      // The proof and six confirmations (area and link) at once, the proof among them.
      const confirms = Array.from({ length: 6 }, (_, n) =>
        n % 2 === 0 ? confirmInArea(organizer.token, guest.id) : confirmByLink(guest.id),
      );
      const [proof, ...answers] = await Promise.all([
        app().inject({
          method: 'POST',
          url: '/crm/api/user/auth-via-code',
          payload: { login: guest.email, code, verify_method: 'email' },
        }),
        ...confirms,
      ]);
      expect(proof.statusCode).toBe(200);
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
      const row = await rowOf(guest.id);
      expect(row.userId).not.toBeNull();
      // A confirmation that went through came after the proof; one that came first was refused.
      const confirmed = statuses.includes(200);
      expect(row.status).toBe(confirmed ? STATUS.pendingPrepayment : STATUS.pendingConfirm);
      expect((await dateOf(date.id)).notGuaranteed).toBe(!confirmed);
      // The confirmation saw the proven row: the area answers it proven, and the traveller's
      // one e-mail greets by name, as only a proven contact is greeted.
      for (const answer of answers.filter((one, n) => n % 2 === 0 && one.status === 200)) {
        expect(answer.body.email_proof_required).toBe(false);
      }
      const guaranteeMails = await messagesAbout(db(), guest.id, 'date-guaranteed');
      expect(guaranteeMails).toHaveLength(confirmed ? 1 : 0);
      if (confirmed) expect(guaranteeMails[0]!.body).toMatch(/^Hello Maya Hart,/);
      for (const answer of answers) {
        if (answer.status === 409) {
          expect(answer.body.message).toMatch(
            /has not confirmed their e-mail address yet|can no longer|already/,
          );
        }
      }
      const told = (await messagesAbout(db(), guest.id, 'organizer-booking-notice')).filter(
        (notice) => (notice.payload as Json).event === 'email-confirmed',
      );
      expect(told).toHaveLength(1);
      expect(await messagesOfDate(db(), date.id, 'organizer-date-guaranteed')).toHaveLength(
        confirmed ? 1 : 0,
      );
    }
  }, 240_000);
});

describe("a signed-in traveller's new booking in the organizer's chat", () => {
  it('writes one line for a request and for a booking on a guaranteed date', async () => {
    for (const guaranteed of [false, true]) {
      const date = await dateWithSeats(db(), 10, used, { guaranteed });
      const traveller = await signUp(app());
      const made = await book(app(), date, { ...traveller, riders: 2 });
      expect(made.status).toBe(201);
      const id = made.body.id as number;
      const lines = await chatLinesAbout(id);
      expect(lines).toHaveLength(1);
      // Gallop's line (no sender), pushed to both sides' sockets by the chat's announcer.
      expect(lines[0]!.senderId).toBeNull();
      expect(lines[0]!.body).toMatch(
        guaranteed
          ? new RegExp(
              `^Booking #${id} for 2 riders on .+ is confirmed: the date is guaranteed\\. The (prepayment|full price), .+, is due by `,
            )
          : new RegExp(
              `^New booking request #${id} for 2 riders on .+: it waits for the organizer's answer until .+; unanswered, it is released\\.$`,
            ),
      );
      const member = await organizerMemberOf(app(), db(), date);
      expect((await organizerBooking(member.token, id)).chat_id).toBe(lines[0]!.chatId);
    }
  });

  it('writes one line when the booking completes its date’s minimum group', async () => {
    const date = await waitingDate(db(), 12, used, 2);
    const first = await book(app(), date, { ...(await signUp(app())), riders: 1 });
    const second = await book(app(), date, { ...(await signUp(app())), riders: 1 });
    expect(second.body.status).toBe(STATUS.pendingPrepayment);
    const lines = await chatLinesAbout(second.body.id as number);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.body).toMatch(/guaranteed: the group reached its minimum of 2 riders/);
    // The first booking's own chat: its creation line, then the guarantee's.
    expect(await chatLinesAbout(first.body.id as number)).toHaveLength(2);
    const total = await db()
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(outbox)
      .where(
        and(
          eq(outbox.kind, 'date-guaranteed'),
          sql`(${outbox.payload}->>'requestId')::int = ${second.body.id as number}`,
        ),
      );
    expect(total[0]!.n).toBe(1);
  });
});
