import { legalDocuments } from '@gallop/api/src/db/schema/index.ts';
import type { LegalKind } from '@gallop/api/src/modules/content/index.ts';
import type { SeedContext } from '../context.ts';
import { addDays } from '../dates.ts';
import { SUPPORT_EMAIL } from './site.ts';

interface LegalSection {
  heading: string;
  paragraphs: string[];
}

interface LegalText {
  title: string;
  /** Sections of version 1; version 2 replaces or adds the sections in `revised`. */
  sections: LegalSection[];
  revised: LegalSection[];
}

const section = (heading: string, ...paragraphs: string[]): LegalSection => ({
  heading,
  paragraphs,
});

const TEXTS: Record<LegalKind, LegalText> = {
  terms: {
    title: 'Terms of Use',
    sections: [
      section(
        '1. Who we are',
        'Gallop is an online marketplace where travellers find, compare and book horseback riding tours, excursions and cruises run by independent tour providers. Gallop is not the organiser of the tours: each tour is organised and delivered by the provider named on its page.',
        'By using the website, creating an account or sending a booking request you accept these terms. If you do not accept them, please do not use the service.',
      ),
      section(
        '2. Your account',
        'You may browse the catalogue without an account. To book, chat with providers, keep favourites across devices or leave reviews you need an account with a valid email address. You are responsible for keeping your password and one-time codes private.',
        'We may suspend an account that is used for fraud, harassment of providers or other travellers, or to publish misleading reviews.',
      ),
      section(
        '3. Booking requests and contracts',
        'A booking request tells the provider which date or variant you want and who is travelling. The provider confirms or declines the request. Once the provider confirms and you make the prepayment shown on the tour page, a contract is concluded between you and the provider.',
        'Prices, what is included and the cancellation conditions are those shown on the tour page when you send the request. Prices may be displayed in your chosen currency for convenience; you pay in the currency shown at checkout.',
      ),
      section(
        '4. Payments',
        'Card payments are processed by our payment provider on its own secure page with 3-D Secure. Gallop never sees or stores your full card number: we keep only the provider’s payment reference, its status and the last four digits of the card.',
      ),
      section(
        '5. Reviews',
        'Only travellers who took part in a tour can review it. Reviews must describe your own experience and must not contain personal data of others, advertising or abusive language. Providers may answer reviews publicly.',
      ),
      section(
        '6. Liability',
        'Horse riding carries inherent risks. Providers are responsible for the safety of their tours, their horses and their staff. Follow the guide’s instructions, declare your riding level honestly and wear the safety equipment provided.',
        'Gallop is liable for the proper operation of the marketplace and for handling your payments as described here, within the limits allowed by law.',
      ),
      section(
        '7. Contact',
        `Questions about these terms can be sent to ${SUPPORT_EMAIL} or through the support chat.`,
      ),
    ],
    revised: [
      section(
        '3. Booking requests and contracts',
        'A booking request tells the provider which date or variant you want and who is travelling. The provider confirms or declines the request, normally within 48 hours. Once the provider confirms and you make the prepayment shown on the tour page, a contract is concluded between you and the provider.',
        'Prices, what is included and the cancellation conditions are those shown on the tour page when you send the request. Prices may be displayed in your chosen currency for convenience; you pay in the currency shown at checkout.',
        'If a provider cancels a confirmed tour, you receive a full refund of everything paid through Gallop, and our support team helps you find an alternative.',
      ),
      section(
        '8. Removal of providers',
        'Providers who repeatedly receive poor reviews, cancel confirmed tours without good reason or break our safety rules can be removed from the marketplace permanently.',
      ),
    ],
  },
  privacy: {
    title: 'Privacy Policy',
    sections: [
      section(
        '1. What we collect',
        'Account data: your name, email address, phone number, country and time zone. Booking data: the tours you request, travellers’ names, dates of birth, riding experience, weight where the provider needs it for choosing a horse, and dietary restrictions. Usage data: pages visited and device information, collected through cookies as described in our <a href="/cookie-policy">Cookie Policy</a>.',
      ),
      section(
        '2. Why we use it',
        'To run your account, pass your booking request to the provider you chose, process payments, send confirmations and reminders, answer support requests, and keep the marketplace safe from fraud.',
      ),
      section(
        '3. Who receives it',
        'The provider of the tour you request receives the travellers’ data it needs to run the tour. Our payment provider receives the data needed to process a payment. We do not sell personal data.',
      ),
      section(
        '4. Card data',
        'Card details are entered on the payment provider’s page and never reach our servers. We store only the payment reference, its status and the last four digits of the card.',
      ),
      section(
        '5. Your rights',
        `You may ask for a copy of your data, its correction or deletion, and object to marketing at any time by writing to ${SUPPORT_EMAIL}.`,
      ),
    ],
    revised: [
      section(
        '6. Messenger notifications',
        'If you connect a messenger such as Telegram or WhatsApp for chat notifications, we store the connection identifier the messenger gives us and use it only to notify you about your chats and bookings. You can disconnect it in your settings at any time.',
      ),
      section(
        '7. How long we keep data',
        'Booking records are kept for as long as tax and consumer law require, usually six years. Account data is deleted within 30 days after you close your account.',
      ),
    ],
  },
  cookies: {
    title: 'Cookie Policy',
    sections: [
      section(
        '1. Cookies we need',
        'Essential cookies keep you signed in, remember your currency (for one year), your country (for 180 days), your favourite tours and whether you dismissed the cookie notice (for 180 days). The site does not work properly without them.',
      ),
      section(
        '2. Analytics cookies',
        'With your consent we use analytics cookies to understand which pages are useful. Without consent these cookies are not set, and any left from earlier visits are deleted.',
        'How we handle the personal data these cookies collect is set out in our <a href="/privacy">Privacy Policy</a>.',
      ),
      section(
        '3. Campaign tags',
        'When you arrive from a newsletter or an advertisement, we remember the campaign for three days so that we know which campaigns help travellers find tours.',
      ),
    ],
    revised: [
      section(
        '4. Managing cookies',
        'You can delete cookies in your browser settings at any time. Deleting essential cookies signs you out and resets your currency and country choices.',
      ),
    ],
  },
  safety_rules: {
    title: 'Safety Rules',
    sections: [
      section(
        '1. Before you ride',
        'Tell the provider your honest riding level, weight and height when you book: horses are matched to riders with these facts, and the limits on each tour page are there for your safety and the horses’ welfare.',
        'Bring riding boots or sturdy shoes with a small heel and no open toes, long trousers without thick inner seams, and layers for changing weather. Loose scarves and dangling straps can catch on tack or branches.',
      ),
      section(
        '2. Helmets and equipment',
        'Wear a certified riding helmet whenever you are mounted. Providers lend helmets in all sizes; children under 18 may not ride without one.',
        'Stirrups must fit your boots so your foot cannot slide through. Ask your guide to check the girth and stirrup length before every ride.',
      ),
      section(
        '3. On the trail',
        'Follow your guide’s instructions on pace and spacing. Keep at least one horse length between horses, and never overtake the guide without being asked.',
        'Canter only where the guide says the ground is good. Walk downhill, across roads, through water and on rocky or slippery sections.',
        'Do not ride after drinking alcohol, and tell the guide at once if you feel unwell, dizzy or unsafe on your horse.',
      ),
      section(
        '4. Around horses',
        'Approach a horse from the side where it can see you and speak as you come close. Never stand directly behind a horse, and lead it with the rope, never wrapped around your hand.',
      ),
      section(
        '5. Emergencies',
        'Guides carry a first-aid kit and a means of calling help. Every tour page lists the meeting point; keep the provider’s phone number and your travel insurance details with you.',
      ),
    ],
    revised: [
      section(
        '6. Heat and altitude',
        'On hot days ride in the cooler hours, drink often and protect yourself from the sun. Above 2,500 m, tell your guide about headaches or breathlessness: the route can be slowed or lowered.',
      ),
    ],
  },
  offer: {
    title: 'Tour Provider Agreement',
    sections: [
      section(
        '1. Scope',
        'This agreement governs how tour providers (organisations and individual authors) publish horseback riding tours, excursions and cruises on Gallop and receive bookings through it.',
      ),
      section(
        '2. Vetting',
        'Before their tours are published, providers pass third-party identity verification and a formal screening of their documents, and we check their media presence. Our experts assess the tour programme, the horses and the equipment, and we hold an interview to make sure the provider cares for guests and horses alike.',
      ),
      section(
        '3. Tours and dates',
        'Providers keep tour descriptions, programmes, prices, dates and free seats accurate and up to date. A date shown as available must be bookable at the price shown.',
      ),
      section(
        '4. Commission and payouts',
        'Gallop charges the commission agreed in the provider’s account. Prepayments made by travellers are paid out to the provider after the tour starts, minus the commission.',
      ),
      section(
        '5. Quality and removal',
        'Providers answer travellers’ questions promptly and honour confirmed bookings. Providers with consistently bad reviews or serious safety breaches can be removed from the marketplace permanently.',
      ),
    ],
    revised: [
      section(
        '6. Meeting details',
        'For every confirmed booking the provider supplies meeting details (where and when the group meets, and how to get there) through the meeting page at least seven days before the start.',
      ),
      section(
        '7. Animal welfare',
        'Horses must be healthy, shod or trimmed as the terrain requires, and never worked beyond their condition. Riders heavier than the limit stated for a tour may be offered a suitable horse or a refund.',
      ),
    ],
  },
};

function toHtml(sections: LegalSection[]): string {
  return sections
    .map(
      ({ heading, paragraphs }) =>
        `<h2>${heading}</h2>\n${paragraphs.map((text) => `<p>${text}</p>`).join('\n')}`,
    )
    .join('\n');
}

/** Version 2: version 1 with revised sections replaced (same heading) or appended. */
function revise(text: LegalText): LegalSection[] {
  const sections = text.sections.map(
    (original) => text.revised.find((change) => change.heading === original.heading) ?? original,
  );
  const added = text.revised.filter(
    (change) => !text.sections.some((original) => original.heading === change.heading),
  );
  return [...sections, ...added];
}

/**
 * Two versions of each legal document: the first in force for about two years, the second in
 * force since about three months before the seed's day.
 */
export async function seedLegalDocuments(ctx: SeedContext): Promise<void> {
  const firstEffective = `${addDays(ctx.today, -760).slice(0, 7)}-01`;
  const secondEffective = `${addDays(ctx.today, -95).slice(0, 7)}-01`;
  await ctx.db.insert(legalDocuments).values(
    (Object.entries(TEXTS) as [LegalKind, LegalText][]).flatMap(([kind, text]) => [
      {
        kind,
        version: 1,
        title: text.title,
        body: toHtml(text.sections),
        effectiveFrom: firstEffective,
      },
      {
        kind,
        version: 2,
        title: text.title,
        body: toHtml(revise(text)),
        effectiveFrom: secondEffective,
      },
    ]),
  );
}
