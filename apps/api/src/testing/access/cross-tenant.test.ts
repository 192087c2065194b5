/**
 * An attacker's sweep of access control: two organizers, A and B, each with bookings, and every
 * call that reads or changes another party's data sent with the real ids of A's objects by B's
 * member, a traveller (B's booker), support (where the decisions give it no power) and a caller
 * signed out. Each is refused (401/403/404 with a JSON message), nothing of A's is in the answer,
 * and A's objects are as they were. The same calls with malformed ids are 4xx, never 5xx.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OperationId } from '#src/contract.ts';
import {
  bookingRequests,
  chatMessages,
  chats,
  meetings,
  organizerMembers,
  organizers,
  tourDates,
  tours,
  uploads,
  users,
} from '#src/db/schema/index.ts';
import { findRequest, openMeeting } from '#src/modules/bookings/index.ts';
import {
  bearer,
  book,
  bookingScratchAppForFile,
  dateWithSeats,
  signUp,
  signUpSupport,
  type TourDateRow,
} from '#src/modules/bookings/testing-scratch.ts';
import { publicTour } from '#src/modules/catalog/index.ts';
import { DEV_VERIFICATION_SECRET } from '#src/modules/operations/index.ts';
import type { Json } from '#src/testing/call.ts';
import { expectContractResponse } from '#src/testing/contract.ts';

const { app, db } = bookingScratchAppForFile('cross_tenant', {
  PAYMENT_SANDBOX_SECRET: 'payment-secret-for-cross-tenant-tests',
  VERIFICATION_SERVICE_URL: 'http://verify.test/start',
  VERIFICATION_SECRET: DEV_VERIFICATION_SECRET,
});

const used = new Set<number>();
const tag = () => randomUUID().slice(0, 8);

type Caller = 'memberB' | 'traveller' | 'support' | 'signedOut';
type Owner = 'memberA' | 'travellerA';
const CALLERS: readonly Caller[] = ['memberB', 'traveller', 'support', 'signedOut'];

/** A's objects (the ids every probe sends) and the private values none may read. */
interface Ids {
  organizer: number;
  tour: number;
  /** A guaranteed date, and a not-guaranteed copy of it. */
  date: number;
  waitingDate: number;
  /** A request waiting for the organizer (status 1) and a confirmed booking (status 2). */
  request: number;
  booking: number;
  tourist: number;
  payment: number;
  chat: number;
  supportChat: number;
  message: number;
  /** B's booking's link, which its traveller holds. */
  otherUuid: string;
}

interface Probe {
  op: OperationId;
  method: 'GET' | 'POST';
  url: (a: Ids) => string;
  body?: (a: Ids) => object;
  /** Who may do this to A's objects (the positive control for reads). */
  owner: Owner;
  /** Callers the spec or decisions allow: not probed. */
  allowed?: readonly Caller[];
  /** Answers the caller's own data (200): none of A's may be in it. */
  ownData?: boolean;
  /** A read: the owner gets 200 with the same ids (proves they are real). */
  read?: boolean;
  /** Answers with no JSON body on success (PDF). */
  binary?: boolean;
}

const PROBES: readonly Probe[] = [
  // Organizers (decision 028: members only, support no special power, 404 not 403).
  {
    op: 'getOrganizerInfo',
    method: 'GET',
    url: (a) => `/crm/api/organizer/info?id=${a.organizer}`,
    owner: 'memberA',
    read: true,
  },
  {
    op: 'viewOrganizer',
    method: 'GET',
    url: (a) => `/crm/api/organizer/view?id=${a.organizer}`,
    owner: 'memberA',
    read: true,
  },
  {
    op: 'updateOrganizer',
    method: 'POST',
    url: (a) => `/crm/api/organizer/update?id=${a.organizer}`,
    body: () => ({ name: 'Taken over', type: 'organization' }),
    owner: 'memberA',
  },
  {
    op: 'setOrganizerPublishedOnSite',
    method: 'POST',
    url: () => '/crm/api/organizer/set-published-on-site',
    body: (a) => ({ id: a.organizer, is_published: false }),
    owner: 'memberA',
  },
  {
    op: 'listOwnOrganizers',
    method: 'GET',
    url: () => '/crm/api/organizer/list',
    owner: 'memberA',
    ownData: true,
  },
  {
    op: 'getVerificationAccessToken',
    method: 'GET',
    url: (a) => `/crm/api/user/get-verification-access-token?orgId=${a.organizer}`,
    owner: 'memberA',
    allowed: ['support'],
    read: true,
  },
  {
    op: 'getVerificationData',
    method: 'GET',
    url: (a) => `/crm/api/user/verification-data?orgId=${a.organizer}`,
    owner: 'memberA',
    allowed: ['support'],
    read: true,
  },
  // The tour's private side (decision 029: the organizer's members and support).
  {
    op: 'getTourPrivateVariantsData',
    method: 'GET',
    url: (a) => `/spa/tour-private-variants-data?id=${a.tour}`,
    owner: 'memberA',
    allowed: ['support'],
    read: true,
  },
  {
    op: 'getPrivateTourProgramPdf',
    method: 'GET',
    url: (a) => `/spa/private-tour-program-pdf?id=${a.tour}`,
    owner: 'memberA',
    allowed: ['support'],
    read: true,
    binary: true,
  },
  {
    op: 'generatePrivateTourProgramPdf',
    method: 'GET',
    url: (a) => `/spa/private-generate-tour-program-pdf?id=${a.tour}&is_individual=1`,
    owner: 'memberA',
    allowed: ['support'],
    read: true,
    binary: true,
  },
  {
    op: 'getTourPrivateData',
    method: 'GET',
    url: (a) => `/spa/tour-private-data?id=${a.tour}&request_id=${a.request}&chat_id=${a.chat}`,
    owner: 'travellerA',
    ownData: true,
    read: true,
  },
  // The organizer area (issue 42): the booking's organizer's members only.
  {
    op: 'listOrganizerBookings',
    method: 'GET',
    url: () => '/crm/api/partner/bookings?status=all&per-page=100',
    owner: 'memberA',
    ownData: true,
    read: true,
  },
  {
    op: 'getOrganizerBooking',
    method: 'GET',
    url: (a) => `/crm/api/partner/booking?id=${a.request}`,
    owner: 'memberA',
    read: true,
  },
  {
    op: 'confirmOrganizerBooking',
    method: 'POST',
    url: () => '/crm/api/partner/booking/confirm',
    body: (a) => ({ id: a.request }),
    owner: 'memberA',
  },
  {
    op: 'declineOrganizerBooking',
    method: 'POST',
    url: () => '/crm/api/partner/booking/decline',
    body: (a) => ({ id: a.request, reason: 'Full' }),
    owner: 'memberA',
  },
  {
    op: 'cancelOrganizerBooking',
    method: 'POST',
    url: () => '/crm/api/partner/booking/cancel',
    body: (a) => ({ id: a.booking, reason: 'Storm' }),
    owner: 'memberA',
  },
  {
    op: 'guaranteeOrganizerDeparture',
    method: 'POST',
    url: () => '/crm/api/partner/departure/guarantee',
    body: (a) => ({ id: a.waitingDate }),
    owner: 'memberA',
  },
  {
    op: 'cancelOrganizerDeparture',
    method: 'POST',
    url: () => '/crm/api/partner/departure/cancel',
    body: (a) => ({ id: a.date, reason: 'Storm' }),
    owner: 'memberA',
  },
  {
    op: 'cancelBookingAsSupport',
    method: 'POST',
    url: () => '/crm/api/support/booking/cancel',
    body: (a) => ({ id: a.request, reason: 'Fraud' }),
    owner: 'memberA',
    allowed: ['support'],
  },
  // The traveller's own booking (decision 183: staff read it from their own pages).
  {
    op: 'getBookingRequest',
    method: 'GET',
    url: (a) => `/crm/api/request/get?id=${a.request}`,
    owner: 'travellerA',
    read: true,
  },
  {
    op: 'listBookingRequestsForChat',
    method: 'GET',
    url: (a) => `/crm/api/request/list-for-chat?chat_id=${a.chat}`,
    owner: 'travellerA',
    read: true,
  },
  {
    op: 'listBookingRequests',
    method: 'GET',
    url: () => '/crm/api/request/list?per-page=100',
    owner: 'travellerA',
    ownData: true,
    read: true,
  },
  {
    op: 'getBookingRequestTourDates',
    method: 'POST',
    url: () => '/crm/api/request/tour-dates',
    body: (a) => ({ request_id: a.request }),
    owner: 'travellerA',
    read: true,
  },
  {
    op: 'cancelBookingRequest',
    method: 'POST',
    url: () => '/crm/api/request/cancel',
    body: (a) => ({ id: a.request }),
    owner: 'travellerA',
  },
  {
    op: 'updateBookingRequestTourists',
    method: 'POST',
    url: (a) => `/crm/api/request/update-tourists?request_id=${a.request}`,
    body: () => ({ tourists: [{ first_name: 'Mallory', last_name: 'Intruder' }] }),
    owner: 'travellerA',
  },
  {
    op: 'updateTouristsQuestionnaires',
    method: 'POST',
    url: (a) =>
      `/crm/api/request/update-tourists-questionnaires?id=${a.request}&uuid=${a.otherUuid}`,
    body: (a) => ({ tourists: [{ id: a.tourist, first_name: 'Mallory', last_name: 'Intruder' }] }),
    owner: 'travellerA',
  },
  {
    op: 'getArrivalInfo',
    method: 'GET',
    url: (a) => `/crm/api/request/arrival-info?id=${a.request}`,
    owner: 'travellerA',
    read: true,
  },
  {
    op: 'saveArrivalInfo',
    method: 'POST',
    url: (a) => `/crm/api/request/arrival-info-save?id=${a.request}`,
    body: (a) => ({
      tourists: [
        { tourist_id: a.tourist, arrival: { transport_type: 3, additional_info: 'Night train' } },
      ],
    }),
    owner: 'travellerA',
  },
  // Payments: the booking's traveller only.
  {
    op: 'startPayment',
    method: 'POST',
    url: () => '/crm/api/payment/start',
    body: (a) => ({ request_id: a.booking, payment_type: 'prepayment', payment_method: 'card' }),
    owner: 'travellerA',
  },
  {
    op: 'getPaymentStatus',
    method: 'GET',
    url: (a) => `/crm/api/payment/status?payment_id=${a.payment}`,
    owner: 'travellerA',
    read: true,
  },
  {
    op: 'getPaymentQrData',
    method: 'GET',
    url: (a) => `/crm/api/payment/qr-data?payment_id=${a.payment}`,
    owner: 'travellerA',
  },
  // Chats (decision 026: the traveller, the organizer's members; support only in support chats).
  {
    op: 'listChats',
    method: 'GET',
    url: (a) => `/crm/api/chat/list?tour_organizer_id=${a.organizer}`,
    owner: 'memberA',
    ownData: true,
    read: true,
  },
  {
    op: 'getChat',
    method: 'GET',
    url: (a) => `/crm/api/chat/get-chat?chat_id=${a.chat}`,
    owner: 'memberA',
    read: true,
  },
  {
    op: 'getChatMessages',
    method: 'GET',
    url: (a) => `/crm/api/chat/get-messages?chat_id=${a.chat}`,
    owner: 'memberA',
    read: true,
  },
  {
    op: 'getChatUnreadCount',
    method: 'GET',
    url: (a) => `/crm/api/chat/unread-count?organizer_id=${a.organizer}`,
    owner: 'memberA',
    ownData: true,
  },
  {
    op: 'listChatsForNotifications',
    method: 'GET',
    url: () => '/crm/api/chat/chats-for-notifications',
    owner: 'memberA',
    ownData: true,
  },
  {
    op: 'markChatAsRead',
    method: 'POST',
    url: () => '/crm/api/chat/mark-as-read',
    body: (a) => ({ chat_id: a.chat }),
    owner: 'memberA',
  },
  {
    op: 'sendChatMessage',
    method: 'POST',
    url: () => '/crm/api/chat/send-message',
    body: (a) => ({ chat_id: a.chat, message: 'Pay me instead' }),
    owner: 'memberA',
  },
  {
    op: 'editChatMessage',
    method: 'POST',
    url: () => '/crm/api/chat/edit-message',
    body: (a) => ({ message_id: a.message, message: 'Edited by someone else' }),
    owner: 'travellerA',
  },
  {
    op: 'deleteChatMessage',
    method: 'POST',
    url: () => '/crm/api/chat/delete-message',
    body: (a) => ({ message_id: a.message }),
    owner: 'travellerA',
  },
  {
    op: 'moderateChatMessage',
    method: 'POST',
    url: () => '/crm/api/chat/moderate-message',
    body: (a) => ({ message_id: a.message }),
    owner: 'memberA',
    allowed: ['support'],
  },
  {
    op: 'freezeChat',
    method: 'POST',
    url: () => '/crm/api/chat/freeze-chat',
    body: (a) => ({ chat_id: a.chat, is_frozen: true }),
    owner: 'memberA',
    allowed: ['support'],
  },
  {
    op: 'disableChatNotifications',
    method: 'POST',
    url: () => '/crm/api/chat/disable-notifications',
    body: (a) => ({ chat_id: a.chat }),
    owner: 'memberA',
  },
  {
    op: 'getChat',
    method: 'GET',
    url: (a) => `/crm/api/chat/get-chat?chat_id=${a.supportChat}`,
    owner: 'travellerA',
    allowed: ['support'],
    read: true,
  },
  {
    op: 'getChatMessages',
    method: 'GET',
    url: (a) => `/crm/api/chat/get-messages?chat_id=${a.supportChat}`,
    owner: 'travellerA',
    allowed: ['support'],
    read: true,
  },
  {
    op: 'getUserPhoneCode',
    method: 'GET',
    url: (a) => `/crm/api/phone-code/user?chat_id=${a.chat}`,
    owner: 'travellerA',
  },
  {
    op: 'getWebCallData',
    method: 'GET',
    url: (a) => `/crm/api/phone-code/web-call-data?chat_id=${a.chat}`,
    owner: 'travellerA',
    ownData: true,
  },
];

interface World {
  ids: Ids;
  tokens: Record<Caller | Owner, string | undefined>;
  /** Strings of A's that no refused or foreign answer may contain. */
  secrets: string[];
  /** What A's traveller told support: every support account reads support chats (decision 026). */
  supportSecrets: string[];
  weights: number[];
  bMeetKey: string;
  aMeetKey: string;
  aMeeting: number;
}

let world: World | undefined;
/** Sign-ups, bookings, a payment, chats and meetings: slow on PostgreSQL. */
const SLOW = 180_000;

/** A copy of `date` (same tour) with `changes`: a second date of the same organizer. */
async function copyDate(date: TourDateRow, changes: Partial<TourDateRow>) {
  const { id: _id, ...rest } = date;
  const [copy] = await db()
    .insert(tourDates)
    .values({ ...rest, ...changes })
    .returning();
  used.add(copy!.id);
  return copy!;
}

/** A fresh organizer account with a session, made a member of `organizerId`. */
async function member(organizerId: number) {
  const account = await signUp(app());
  const [user] = await db()
    .update(users)
    .set({ role: 'organizer' })
    .where(eq(users.email, account.email))
    .returning();
  await db().insert(organizerMembers).values({ organizerId, userId: user!.id });
  return account;
}

async function organizerOf(tourId: number) {
  const [row] = await db()
    .select({ organizerId: tours.organizerId })
    .from(tours)
    .where(eq(tours.id, tourId));
  return row!.organizerId;
}

async function call(
  method: 'GET' | 'POST',
  url: string,
  token: string | undefined,
  payload?: object,
): Promise<LightMyRequestResponse> {
  return app().inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

/** The meet page key of a booking, as its organizer's member reads it in their area. */
async function meetKeyOf(token: string, id: number) {
  const shown = await call('GET', `/crm/api/partner/booking?id=${id}`, token);
  expect(shown.statusCode).toBe(200);
  return new URL((shown.json() as Json).meeting.meet_url as string).searchParams.get('key')!;
}

async function buildWorld(): Promise<World> {
  if (world) return world;
  world = await makeWorld();
  return world;
}

async function makeWorld(): Promise<World> {
  const dateA = await dateWithSeats(db(), 10, used);
  const organizerA = await organizerOf(dateA.tourId);
  // B: another organizer's bookable tour, on a copy of A's date (a small scratch catalogue may
  // hold one organizer with an e-mail only).
  const [tourB] = await db()
    .select({ id: tours.id, organizerId: tours.organizerId })
    .from(tours)
    .innerJoin(organizers, eq(organizers.id, tours.organizerId))
    .where(and(publicTour(), ne(tours.organizerId, organizerA), eq(tours.minAge, 0)))
    .limit(1);
  const dateB = await copyDate(dateA, { tourId: tourB!.id });
  const organizerB = tourB!.organizerId;
  const waitingA = await copyDate(dateA, {
    notGuaranteed: true,
    minRiders: null,
    decisionDate: '2099-03-12',
  });

  // A's private contact details, unique to this run.
  const t = tag();
  const orgEmail = `org-a-${t}@example.com`;
  const orgPhone = `+1646${String(randomInt(0, 1e7)).padStart(7, '0')}`;
  await db()
    .update(organizers)
    .set({ email: orgEmail, phone: orgPhone })
    .where(eq(organizers.id, organizerA));

  const memberA = await member(organizerA);
  const memberB = await member(organizerB);
  const travellerA = await signUp(app());
  const travellerB = await signUp(app());
  const support = await signUpSupport(app(), db());

  const contactPhone = `+1415${String(randomInt(0, 1e7)).padStart(7, '0')}`;
  const weights = [73, 61];
  const names = [`Zebulon${t}`, `Quillon${t}`, `Hartwell${t}`];
  const bodyOf = (date: TourDateRow) => ({
    tour_id: date.tourId,
    tour_date_id: date.id,
    tourists: [
      { first_name: names[0], last_name: names[2], weight: weights[0] },
      { first_name: names[1], last_name: names[2], weight: weights[1] },
    ],
    contact: { name: `${names[0]} ${names[2]}`, email: travellerA.email, phone: contactPhone },
  });
  const request = await book(app(), waitingA, travellerA, bodyOf(waitingA));
  expect(request.status, JSON.stringify(request.body)).toBe(201);
  expect(request.body.status).toBe(1);
  const booking = await book(app(), dateA, travellerA, bodyOf(dateA));
  expect(booking.status, JSON.stringify(booking.body)).toBe(201);
  expect(booking.body.status).toBe(2);
  const bookingB = await book(app(), dateB, { ...travellerB, riders: 1 });
  expect(bookingB.status).toBe(201);

  // A's traveller starts a payment, writes to A and to support.
  const started = await call('POST', '/crm/api/payment/start', travellerA.token, {
    request_id: booking.body.id,
    payment_type: 'prepayment',
    payment_method: 'card',
  });
  expect(started.statusCode).toBe(200);
  const secretText = `Gate code ${t}`;
  const opened = await call('POST', '/crm/api/chat/get-chat-with-organizer', travellerA.token, {
    organizer_id: organizerA,
    message: secretText,
  });
  expect(opened.statusCode).toBe(200);
  const chatId = (opened.json() as Json).id as number;
  const [message] = await db()
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(and(eq(chatMessages.chatId, chatId), eq(chatMessages.body, secretText)));
  const supportChat = await call('GET', '/crm/api/chat/get-chat-with-support', travellerA.token);
  expect(supportChat.statusCode).toBe(200);
  await call('POST', '/crm/api/chat/send-message', travellerA.token, {
    chat_id: (supportChat.json() as Json).id,
    message: `My passport ${t}`,
  });

  // Meet pages of both organizers' confirmed bookings.
  await openMeeting(db(), (await findRequest(db(), booking.body.id as number))!, 'http://web.test');
  await openMeeting(
    db(),
    (await findRequest(db(), bookingB.body.id as number))!,
    'http://web.test',
  );
  const [meeting] = await db()
    .select({ id: meetings.id })
    .from(meetings)
    .where(eq(meetings.requestId, booking.body.id as number));

  const [tourist] = (request.body.tourists as Json[]) ?? [];
  const [uuidRow] = await db()
    .select({ uuid: bookingRequests.uuid })
    .from(bookingRequests)
    .where(eq(bookingRequests.id, request.body.id as number));

  return {
    ids: {
      organizer: organizerA,
      tour: dateA.tourId,
      date: dateA.id,
      waitingDate: waitingA.id,
      request: request.body.id as number,
      booking: booking.body.id as number,
      tourist: tourist!.id as number,
      payment: (started.json() as Json).payment.id as number,
      chat: chatId,
      supportChat: (supportChat.json() as Json).id as number,
      message: message!.id,
      otherUuid: bookingB.body.uuid as string,
    },
    tokens: {
      memberA: memberA.token,
      travellerA: travellerA.token,
      memberB: memberB.token,
      traveller: travellerB.token,
      support: support.token,
      signedOut: undefined,
    },
    secrets: [
      ...names,
      travellerA.email,
      contactPhone,
      orgEmail,
      orgPhone,
      secretText,
      uuidRow!.uuid,
    ],
    supportSecrets: [`My passport ${t}`],
    weights,
    aMeetKey: await meetKeyOf(memberA.token, booking.body.id as number),
    bMeetKey: await meetKeyOf(memberB.token, bookingB.body.id as number),
    aMeeting: meeting!.id,
  };
}

beforeAll(async () => {
  await buildWorld();
}, SLOW);

/** Every number under a key naming a weight, anywhere in `value`. */
function weightsIn(value: unknown, found: number[] = [], key = ''): number[] {
  if (Array.isArray(value)) value.forEach((item) => weightsIn(item, found, key));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) weightsIn(v, found, k);
  } else if (typeof value === 'number' && /weight/i.test(key)) found.push(value);
  return found;
}

/** Nothing of A's private data in an answer. */
function expectNothingOfA(
  w: World,
  response: LightMyRequestResponse,
  label: string,
  caller?: Caller,
) {
  const text = response.body;
  for (const secret of [...w.secrets, ...(caller === 'support' ? [] : w.supportSecrets)]) {
    expect(text.includes(secret), `${label} shows A's ${secret}`).toBe(false);
  }
  const json = response.headers['content-type']?.toString().includes('json')
    ? (response.json() as unknown)
    : undefined;
  const leaked = weightsIn(json).filter((kg) => w.weights.includes(kg));
  expect(leaked, `${label} shows A's riders' weights`).toEqual([]);
}

const probeName = (p: Probe) => `${p.op} ${p.url({} as Ids).split('?')[0]}`;

/** Every probe with every caller it refuses. */
const sweep = () =>
  PROBES.flatMap((probe) =>
    CALLERS.filter((caller) => !probe.allowed?.includes(caller)).map(
      (caller) => [probe, caller] as const,
    ),
  );

/**
 * What is wrong with `caller`'s answer to `probe`: not a 401/403/404 with a JSON message (or, for
 * a call answering the caller's own data, a 200), or anything of A's in it.
 */
function refusalFailures(
  w: World,
  probe: Probe,
  caller: Caller,
  response: LightMyRequestResponse,
): string[] {
  const label = `${probeName(probe)} as ${caller}`;
  const status = response.statusCode;
  // The questionnaire call opens to a link holder signed out: refused as such, not with a 401.
  const refused =
    caller === 'signedOut' && probe.op !== 'updateTouristsQuestionnaires' ? [401] : [401, 403, 404];
  if (probe.ownData && caller !== 'signedOut' && status === 200) {
    expectContractResponse(response, probe.op);
  } else if (!refused.includes(status)) {
    return [`${label}: ${status} ${response.body.slice(0, 200)}`];
  } else {
    const body = expectContractResponse(response, probe.op) as Json;
    if (typeof body.message !== 'string') return [`${label}: no message`];
  }
  try {
    expectNothingOfA(w, response, label, caller);
  } catch (error) {
    return [`${label}: ${(error as Error).message.split('\n')[0]}`];
  }
  return [];
}

describe('cross-tenant access: every caller but A’s own is refused with A’s real ids', () => {
  it(
    'proves the ids are real: A’s own side reads each object',
    async () => {
      const w = await buildWorld();
      for (const probe of PROBES.filter((p) => p.read)) {
        const response = await call(
          probe.method,
          probe.url(w.ids),
          w.tokens[probe.owner],
          probe.body?.(w.ids),
        );
        expect(response.statusCode, `${probeName(probe)} as ${probe.owner}: ${response.body}`).toBe(
          200,
        );
      }
    },
    SLOW,
  );

  it(
    'refuses B’s member, a traveller, support and a visitor on every call',
    async () => {
      const w = await buildWorld();
      const failures: string[] = [];
      for (const [probe, caller] of sweep()) {
        const response = await call(
          probe.method,
          probe.url(w.ids),
          w.tokens[caller],
          probe.body?.(w.ids),
        );
        failures.push(...refusalFailures(w, probe, caller, response));
      }
      expect(failures).toEqual([]);
      expect(sweep().length).toBeGreaterThan(150);
    },
    SLOW,
  );

  it(
    'refuses them all the same when every request comes at once (3 rounds)',
    async () => {
      const w = await buildWorld();
      for (let round = 0; round < 3; round += 1) {
        const answers = await Promise.all(
          sweep().map(async ([probe, caller]) =>
            refusalFailures(
              w,
              probe,
              caller,
              await call(probe.method, probe.url(w.ids), w.tokens[caller], probe.body?.(w.ids)),
            ),
          ),
        );
        expect(answers.flat()).toEqual([]);
      }
    },
    SLOW,
  );

  it(
    'leaves A’s objects as they were',
    async () => {
      const w = await buildWorld();
      const [request] = await db()
        .select()
        .from(bookingRequests)
        .where(eq(bookingRequests.id, w.ids.request));
      const [booking] = await db()
        .select()
        .from(bookingRequests)
        .where(eq(bookingRequests.id, w.ids.booking));
      expect([request!.status, booking!.status]).toEqual([1, 2]);
      const [chat] = await db().select().from(chats).where(eq(chats.id, w.ids.chat));
      expect(chat!.isFrozen).toBe(false);
      const [message] = await db()
        .select()
        .from(chatMessages)
        .where(eq(chatMessages.id, w.ids.message));
      expect(message).toMatchObject({ isModerated: false });
      expect(message!.deletedAt ?? null).toBeNull();
      expect(message!.body).toContain('Gate code');
      const [organizer] = await db()
        .select()
        .from(organizers)
        .where(eq(organizers.id, w.ids.organizer));
      expect(organizer).toMatchObject({ isPublishedOnSite: true });
      expect(organizer!.name).not.toBe('Taken over');
      const [date] = await db().select().from(tourDates).where(eq(tourDates.id, w.ids.waitingDate));
      expect(date!.notGuaranteed).toBe(true);
    },
    SLOW,
  );
});

/** Public reads that take A's ids: answered to anyone, so nothing private of A's may be in them. */
const PUBLIC_READS: readonly { op: OperationId; url: (a: Ids) => string }[] = [
  { op: 'getOrganizerPublicInfo', url: (a) => `/crm/api/organizer/public-info?id=${a.organizer}` },
  {
    op: 'getOrganizerVerificationInfo',
    url: (a) => `/crm/api/organizer/verification-info?id=${a.organizer}`,
  },
  { op: 'listOrganizerReviews', url: (a) => `/spa/organizer-reviews?id=${a.organizer}` },
  {
    op: 'getOrganizerPhoneCode',
    url: (a) => `/crm/api/phone-code/organizer?tour_organizer_id=${a.organizer}`,
  },
  { op: 'getTourForRequest', url: (a) => `/spa/tour-for-request?id=${a.tour}` },
  { op: 'getExcursionDates', url: (a) => `/crm/api/tour/excursion-dates?id=${a.tour}` },
  { op: 'getTourReviews', url: (a) => `/spa/tour-reviews?id=${a.tour}` },
  { op: 'getToursByIds', url: (a) => `/crm/api/tour/get-by-ids?ids=${a.tour}` },
  { op: 'listTours', url: (a) => `/spa/tours?organizer=${a.organizer}` },
  {
    op: 'listChatSources',
    url: (a) => `/spa/chat-sources-list?request_id=${a.request}&client_id=1`,
  },
  { op: 'getHubOrganizerPage', url: () => '/spa/hub-organizer-page?limit=100' },
];

describe('public reads naming A', () => {
  it(
    'show nothing private of A’s to a visitor or to B’s member',
    async () => {
      const w = await buildWorld();
      for (const probe of PUBLIC_READS) {
        for (const caller of ['signedOut', 'memberB'] as const) {
          const response = await call('GET', probe.url(w.ids), w.tokens[caller]);
          const label = `${probe.op} as ${caller}`;
          expect(response.statusCode, `${label}: ${response.body.slice(0, 200)}`).toBeLessThan(500);
          expectContractResponse(response, probe.op);
          expectNothingOfA(w, response, label, caller);
        }
      }
    },
    SLOW,
  );
});

describe('malformed ids', () => {
  const BAD = ['-1', '0', '99999999999999999999', '2147483648', 'abc', '1.5', '1e3', '%00', ''];

  it(
    'answers 4xx with a message, never 5xx, whatever an id is',
    async () => {
      const w = await buildWorld();
      const failures: string[] = [];
      for (const bad of BAD) {
        const asBody: unknown = /^-?\d+$/.test(bad) ? Number(bad) : bad;
        const ids = Object.fromEntries(
          Object.keys(w.ids).map((key) => [key, asBody]),
        ) as unknown as Ids;
        const asQuery = Object.fromEntries(
          Object.keys(w.ids).map((key) => [key, bad]),
        ) as unknown as Ids;
        for (const probe of PROBES) {
          const response = await call(
            probe.method,
            probe.url(asQuery),
            w.tokens[probe.owner],
            probe.body?.(ids),
          );
          const label = `${probeName(probe)} with ${JSON.stringify(bad)}`;
          if (probe.ownData && response.statusCode === 200) continue;
          if (response.statusCode < 400 || response.statusCode >= 500) {
            failures.push(`${label}: ${response.statusCode} ${response.body.slice(0, 200)}`);
            continue;
          }
          const body = response.json() as Json;
          if (typeof body.message !== 'string') failures.push(`${label}: no message`);
        }
      }
      expect(failures).toEqual([]);
    },
    SLOW,
  );
});

describe('meet pages across organizers', () => {
  it(
    'B’s key neither saves A’s meeting nor deletes its files',
    async () => {
      const w = await buildWorld();
      const q = (key: string) => `key=${encodeURIComponent(key)}`;
      const saved = await call(
        'POST',
        `/spa/contract-organizer-meet-save?${q(w.bMeetKey)}`,
        undefined,
        {
          contract_id: w.aMeeting,
          organizer_meet_data: 'Meet at the other stable',
        },
      );
      expect([403, 404, 422]).toContain(saved.statusCode);
      expect(typeof (saved.json() as Json).message).toBe('string');

      // A's meeting holds a file; B's key cannot remove it.
      const [file] = await db()
        .insert(uploads)
        .values({
          publicId: `cross-tenant-${tag()}`,
          kind: 'file',
          purpose: 'meeting',
          meetingId: w.aMeeting,
          originalName: 'voucher.pdf',
          mime: 'application/pdf',
          extension: 'pdf',
          size: 10,
          sha256: '0'.repeat(64),
          isPublic: false,
        })
        .returning();
      const removed = await call(
        'POST',
        `/spa/contract-organizer-meet-delete-file?${q(w.bMeetKey)}`,
        undefined,
        { file_id: file!.id },
      );
      expect(removed.statusCode).toBe(404);
      const [still] = await db().select().from(uploads).where(eq(uploads.id, file!.id));
      expect(still).toBeDefined();

      const page = await call(
        'GET',
        `/spa/contract-organizer-meet-data?${q(w.bMeetKey)}`,
        undefined,
      );
      expect(page.statusCode).toBe(200);
      expectNothingOfA(w, page, 'B’s meet page');
      expect((page.json() as Json).contract_id).not.toBe(w.aMeeting);
      // The ids are real: A's own key opens A's meeting, its file still on it.
      const own = await call(
        'GET',
        `/spa/contract-organizer-meet-data?${q(w.aMeetKey)}`,
        undefined,
      );
      expect(own.statusCode).toBe(200);
      expect((own.json() as Json).contract_id).toBe(w.aMeeting);
      expect(((own.json() as Json).files as Json[]).map((f) => f.id)).toContain(file!.id);
    },
    SLOW,
  );
});
