/**
 * The demo chat: an organizer account (`organizer@gallop.test`, password `gallop-demo-1`) that
 * answers for the first seeded organizer, a support account, and for the demo traveller a
 * conversation with that organizer and the support chat with its welcome (README, "Chat").
 * Deterministic: fixed texts and times placed before the seed's day.
 */
import { and, asc, eq, exists, gte } from 'drizzle-orm';
import {
  chats,
  organizerMembers,
  organizers,
  tourDates,
  tours,
  users,
} from '@gallop/api/src/db/schema/index.ts';
import { hashPassword } from '@gallop/api/src/modules/accounts/index.ts';
import {
  markRead,
  openOrganizerChat,
  openSupportChat,
  storeMessage,
  SUPPORT_WELCOME,
} from '@gallop/api/src/modules/chat/index.ts';
import { DEMO_TRAVELLER } from './accounts.ts';
import type { SeedContext } from './context.ts';
import { addDays } from './dates.ts';
import { ridingPace, type RidingPace } from './riding-pace.ts';

export const DEMO_ORGANIZER = {
  email: 'organizer@gallop.test',
  password: 'gallop-demo-1',
  firstName: 'Sofia',
  lastName: 'Reyes',
} as const;

export const DEMO_SUPPORT = {
  email: 'support@gallop.test',
  password: DEMO_ORGANIZER.password,
  firstName: 'Gallop',
  lastName: 'Support',
} as const;

/** What the organizer's answers say about the tour the chat is about. */
interface ChatTour {
  difficulty: number;
  minAge: number;
}

/** The organizer's answer to "is it fine for intermediate riders?": what the tour's pace says. */
const LEVEL_REPLIES: Record<RidingPace['difficulty'], string> = {
  1: 'This ride is gentle: we ride at a walk with short trots and no cantering, so intermediate riders will find it relaxed.',
  2: 'Intermediate riders are perfect for this route: we ride 4–5 hours a day, mostly at a walk and trot, with a few short canters on open ground.',
  3: 'Intermediate riders who canter confidently in open country will love it: five to six hours a day, with long trots and canters.',
  4: 'This one is fast: sustained canters and gallops for six hours or more a day, so it suits experienced riders better than intermediate ones.',
};

function levelReply(tour: ChatTour | undefined): string {
  if (!tour)
    return 'Hello and thanks for writing! Tell me which dates you have in mind and I will suggest a ride that suits you both.';
  const age =
    tour.minAge > 0
      ? `Riders from ${tour.minAge} years old are welcome.`
      : 'There is no age limit.';
  return `Hello and thanks for writing! ${LEVEL_REPLIES[ridingPace(tour.difficulty).difficulty]} ${age}`;
}

/** The conversation, oldest first: who writes and how many minutes before the seed's day. */
const CONVERSATION: {
  side: 'client' | 'staff';
  minutesBefore: number;
  text: string | ((tour: ChatTour | undefined) => string);
}[] = [
  {
    side: 'client',
    minutesBefore: 3 * 24 * 60 - 9 * 60,
    text: 'Hi! We are two riders with some trail experience. Is this tour fine for intermediate riders, and is there an age limit?',
  },
  {
    side: 'staff',
    minutesBefore: 3 * 24 * 60 - 10 * 60,
    text: levelReply,
  },
  {
    side: 'client',
    minutesBefore: 2 * 24 * 60 - 8 * 60,
    text: 'Great. What should we bring? And can you store a suitcase while we are on the trail?',
  },
  {
    side: 'staff',
    minutesBefore: 2 * 24 * 60 - 9 * 60,
    text: 'Bring riding trousers, boots with a small heel, a warm layer for the evenings and a rain jacket. Helmets are provided. Yes, we keep luggage at our base and bring it back on the last day.',
  },
  {
    side: 'staff',
    minutesBefore: 24 * 60 - 7 * 60,
    text: 'P.S. The dates in the middle of the season are filling up quickly, so let me know if you would like me to hold two places.',
  },
];

/** What makes a date of the demo organizer's worth booking in a demo: room, and time to answer. */
const DEMO_DATE_MIN_FREE_SEATS = 4;
const DEMO_DATE_MIN_DAYS_AHEAD = 7;
/** Far enough ahead that the moderate policy still refunds part of a cancelled booking. */
const DEMO_REFUNDABLE_MIN_DAYS_AHEAD = 45;

export async function seedChat(ctx: SeedContext): Promise<void> {
  const { db } = ctx;
  const [traveller] = await db
    .select()
    .from(users)
    .where(eq(users.email, DEMO_TRAVELLER.email))
    .limit(1);
  // The first published organizer whose tours show every booking flow to whoever tries the demo
  // accounts: an upcoming date with room that the organizer must confirm, and one booked at once
  // a month or more ahead on a tour with the moderate cancellation policy (a cancellation then
  // refunds part of the payment). The chat links to a real organizer page. Tour counts are
  // refreshed at the end of the seed: look at the tours and dates themselves.
  const upcomingDate = (kind: 'on request' | 'refundable, booked at once') =>
    exists(
      db
        .select({ id: tourDates.id })
        .from(tourDates)
        .innerJoin(tours, eq(tours.id, tourDates.tourId))
        .where(
          and(
            eq(tours.organizerId, organizers.id),
            eq(tours.isPublished, true),
            // A multi-day tour: what the catalogue's default search lists for the organizer.
            eq(tours.type, 1),
            eq(tours.isCruise, false),
            eq(tourDates.isBusy, false),
            gte(tourDates.numberOfFreeSeats, DEMO_DATE_MIN_FREE_SEATS),
            ...(kind === 'on request'
              ? [
                  eq(tourDates.notGuaranteed, true),
                  gte(tourDates.startDate, addDays(ctx.today, DEMO_DATE_MIN_DAYS_AHEAD)),
                ]
              : [
                  eq(tourDates.notGuaranteed, false),
                  eq(tours.cancellationPolicy, 'moderate'),
                  gte(tourDates.startDate, addDays(ctx.today, DEMO_REFUNDABLE_MIN_DAYS_AHEAD)),
                ]),
          ),
        ),
    );
  const [organizer] = await db
    .select({ id: organizers.id, name: organizers.name })
    .from(organizers)
    .where(
      and(
        eq(organizers.isPublishedOnSite, true),
        upcomingDate('on request'),
        upcomingDate('refundable, booked at once'),
      ),
    )
    .orderBy(asc(organizers.id))
    .limit(1);
  if (!traveller || !organizer) return;
  const day = new Date(`${ctx.today}T00:00:00Z`);
  const at = (minutesBefore: number) => new Date(day.getTime() - minutesBefore * 60_000);

  // The same demo password, but each account hashed with a salt of its own: one shared hash
  // would tell whoever reads one row the other's password (docs/security.md, "Demo data").
  const [organizerHash, supportHash] = await Promise.all([
    hashPassword(DEMO_ORGANIZER.password),
    hashPassword(DEMO_SUPPORT.password),
  ]);
  const [staff] = await db
    .insert(users)
    .values([
      {
        role: 'organizer' as const,
        email: DEMO_ORGANIZER.email,
        emailConfirmedAt: day,
        createdAt: day,
        updatedAt: day,
        firstName: DEMO_ORGANIZER.firstName,
        lastName: DEMO_ORGANIZER.lastName,
        passwordHash: organizerHash,
      },
      {
        role: 'support' as const,
        email: DEMO_SUPPORT.email,
        emailConfirmedAt: day,
        createdAt: day,
        updatedAt: day,
        firstName: DEMO_SUPPORT.firstName,
        lastName: DEMO_SUPPORT.lastName,
        passwordHash: supportHash,
      },
    ])
    .returning({ id: users.id });
  await db
    .insert(organizerMembers)
    .values({ organizerId: organizer.id, userId: staff!.id, createdAt: day });

  const [tour] = await db
    .select({ id: tours.id, difficulty: tours.difficulty, minAge: tours.minAge })
    .from(tours)
    .where(and(eq(tours.organizerId, organizer.id), eq(tours.isPublished, true)))
    .orderBy(asc(tours.id))
    .limit(1);
  const { chat } = await openOrganizerChat(db, {
    clientId: traveller.id,
    organizerId: organizer.id,
    tourId: tour?.id ?? null,
    title: organizer.name,
  });
  const opened = at(CONVERSATION[0]!.minutesBefore);
  await db
    .update(chats)
    .set({ createdAt: opened, lastMessageAt: opened })
    .where(eq(chats.id, chat.id));
  for (const line of CONVERSATION) {
    await storeMessage(db, {
      chat,
      side: line.side,
      senderId: line.side === 'client' ? traveller.id : staff!.id,
      body: typeof line.text === 'string' ? line.text : line.text(tour),
      at: at(line.minutesBefore),
    });
  }
  // The organizer has read everything; the traveller has the organizer's last note unread.
  await markRead(db, (await db.select().from(chats).where(eq(chats.id, chat.id)))[0]!, 'staff');

  const welcomed = at(4 * 24 * 60);
  const supportChat = (await openSupportChat(db, traveller.id)).chat;
  await db
    .update(chats)
    .set({ createdAt: welcomed, lastMessageAt: welcomed })
    .where(eq(chats.id, supportChat.id));
  await storeMessage(db, {
    chat: supportChat,
    side: 'staff',
    senderId: null,
    body: SUPPORT_WELCOME,
    at: welcomed,
  });
  ctx.log('seeded the demo chat (organizer and support accounts)');
}
