import { helpArticles, helpSections } from '@gallop/api/src/db/schema/index.ts';
import type { SeedContext } from '../context.ts';
import { addDays } from '../dates.ts';
import { ol, p, ul } from './html.ts';
import { SUPPORT_EMAIL } from './site.ts';

interface HelpArticleSeed {
  slug: string;
  title: string;
  /** HTML. */
  body: string;
}

interface HelpSectionSeed {
  slug: string;
  title: string;
  description: string;
  articles: HelpArticleSeed[];
}

/**
 * The help center. Article slugs never repeat a section slug: both live under
 * `/help-center/{slug}`. The answers match the product: requests confirmed by the provider,
 * prepayment, 3-D Secure card payments with no card data stored, vetted providers.
 */
const HELP_CENTER: HelpSectionSeed[] = [
  {
    slug: 'booking',
    title: 'Booking a tour',
    description: 'Finding the right ride, sending a request and what happens next.',
    articles: [
      {
        slug: 'how-to-book-a-tour',
        title: 'How do I book a tour?',
        body: [
          ol(
            'Open the tour page and choose a date or a variant in the dates block.',
            'Press <strong>Book</strong>, tell us who is travelling and leave a comment for the provider if you wish.',
            'The provider checks availability and confirms your request.',
            'Pay the prepayment shown on the tour page to secure your places.',
          ),
          p(
            'You can follow every step on the booking page, and chat with the provider at any time before and after the confirmation.',
          ),
        ].join('\n'),
      },
      {
        slug: 'after-sending-a-request',
        title: 'What happens after I send a booking request?',
        body: p(
          'The provider receives your request straight away and usually answers within a day. They may ask about your riding experience, weight or dietary needs so that they can choose the right horse and plan meals.',
          'Once the request is confirmed you receive an email with a link to pay the prepayment. Until you pay, the places are not reserved for you, so we recommend paying soon after confirmation, especially for popular summer dates.',
        ),
      },
      {
        slug: 'choosing-a-tour-for-your-level',
        title: 'How do I choose a tour for my riding level?',
        body: [
          p('Every tour shows a difficulty level:'),
          ul(
            '<strong>Easy</strong>: suitable for beginners; mostly walking with short, optional trots.',
            '<strong>Moderate</strong>: you are comfortable at walk, trot and canter in open country.',
            '<strong>Challenging</strong>: long days of five to seven hours in the saddle, steep or rough terrain.',
            '<strong>Extreme</strong>: expeditions for experienced, fit riders; river crossings, remote areas, several hours a day at a fast pace.',
          ),
          p(
            'If you are unsure, ask the provider in the chat: describe how often you ride and what you have done before. Being honest keeps you and the horse safe.',
          ),
        ].join('\n'),
      },
      {
        slug: 'booking-for-family-and-children',
        title: 'Can I book for family, friends or children?',
        body: p(
          'Yes. Add every traveller to the request: names, dates of birth and any information the provider asks for. One person can book and pay for the whole group.',
          'The minimum age is shown on each tour page. Many family rides accept children from six years old with ponies and a lead rein; expeditions are usually for adults only.',
        ),
      },
      {
        slug: 'not-guaranteed-dates',
        title: 'What does "not guaranteed" mean on a date?',
        body: p(
          'A date marked <em>not guaranteed</em> runs only if enough riders book it. The provider tells you before the prepayment is due whether the group is complete. If the date does not run, you can move to another date or get your money back in full.',
          'Dates marked <em>busy</em> are fully booked; you can still ask the provider to put you on a waiting list through the chat.',
        ),
      },
      {
        slug: 'individual-and-private-tours',
        title: 'Can I book a private or individual tour?',
        body: p(
          'Many providers run private departures for families and groups of friends on the dates that suit you. Ask the provider in the chat: they can prepare an individual offer with its own dates and price, which you open from a personal link and book like any other tour.',
        ),
      },
      {
        slug: 'tour-program-pdf',
        title: 'How do I get the tour program as a PDF?',
        body: p(
          'On the tour page, choose <strong>Send the program</strong> and enter your email address, or your phone number to receive it on WhatsApp. The PDF contains the day-by-day program, what is included and the current prices in your currency, handy to share with your travel companions.',
        ),
      },
    ],
  },
  {
    slug: 'payment',
    title: 'Payments and prices',
    description: 'Prepayments, secure card payments, currencies and discounts.',
    articles: [
      {
        slug: 'how-do-i-pay',
        title: 'How do I pay for a tour?',
        body: [
          p(
            'After the provider confirms your request, you can pay in one of these ways, as the tour allows:',
          ),
          ul(
            '<strong>Prepayment</strong>: a part of the price (a percentage or a fixed amount) that secures your places; the rest is due later.',
            '<strong>Full payment</strong>: the whole price at once.',
            '<strong>Payment of the balance</strong>: what remains after the prepayment.',
          ),
          p(
            'You pay by card on our payment provider’s secure page. The booking page always shows what you have paid and what is still due.',
          ),
        ].join('\n'),
      },
      {
        slug: 'is-card-payment-secure',
        title: 'Is it safe to pay by card?',
        body: p(
          'Yes. Card details are entered on our payment provider’s page, protected by 3-D Secure: your bank may ask you to confirm the payment in its app or with a code. Gallop never sees or stores your card number or security code.',
          'We keep only the payment reference, its status and the last four digits of your card, so that you and our support team can recognise the payment later.',
        ),
      },
      {
        slug: 'prepayment-and-balance',
        title: 'What is a prepayment and when is the rest due?',
        body: p(
          'The prepayment secures your places on the date you chose. Its size depends on the tour: often 20–30 percent of the price, sometimes a fixed amount. The tour page shows it next to each date.',
          'The remaining amount is due a number of days before the start, also shown on the tour page; some providers take it in cash on arrival. We send you a reminder before the balance is due.',
        ),
      },
      {
        slug: 'currencies',
        title: 'Which currencies can I see prices in?',
        body: p(
          'Choose your currency in the site header: prices across the site are converted at current rates and rounded to whole units for easy comparison. The conversion is for information: at checkout you see the exact amount in the currency of the payment.',
          'Your choice is remembered on this device for a year, and saved in your account when you are signed in.',
        ),
      },
      {
        slug: 'discounts',
        title: 'How do discounts work?',
        body: [
          p(
            'Providers offer several kinds of discount, shown as a crossed-out price next to the date:',
          ),
          ul(
            '<strong>Early booking</strong>: book before a given date, or a given number of days before the start.',
            '<strong>Seasonal</strong>: lower prices in the shoulder season.',
            '<strong>Last minute</strong>: reduced prices for dates that start soon and still have free places.',
          ),
          p('The discount applies automatically when you book while it is valid.'),
        ].join('\n'),
      },
      {
        slug: 'payment-failed',
        title: 'My payment failed. What should I do?',
        body: p(
          'Nothing was charged if the payment page showed an error, although your bank may briefly hold the amount. Check that the card allows online payments abroad and that the 3-D Secure confirmation was completed, then try again from the booking page.',
          `If it still fails, try another card or write to us at ${SUPPORT_EMAIL}: we will keep your booking while we sort it out.`,
        ),
      },
    ],
  },
  {
    slug: 'cancellations',
    title: 'Cancellations and changes',
    description: 'Cancelling, refunds, changing dates and what happens in bad weather.',
    articles: [
      {
        slug: 'how-to-cancel-a-booking',
        title: 'How do I cancel a booking?',
        body: p(
          'Open the booking page and choose <strong>Cancel request</strong>. Tell the provider why: it helps them improve. Before the prepayment you can cancel free of charge.',
          'After the prepayment, the provider’s cancellation conditions apply; they are shown on the tour page and in your confirmation email.',
        ),
      },
      {
        slug: 'refunds',
        title: 'When will I get my refund?',
        body: p(
          'Refunds go back to the card you paid with. We send them within five working days of the cancellation; your bank may need a few more days to show the money on your statement.',
        ),
      },
      {
        slug: 'provider-cancelled-my-tour',
        title: 'What if the provider cancels my tour?',
        body: p(
          'You receive a full refund of everything you paid through Gallop. Our support team contacts you to help you find a similar tour on the same dates if you wish.',
          'Providers who cancel confirmed tours without a serious reason lose their place in search results, and repeated cancellations lead to removal from the marketplace.',
        ),
      },
      {
        slug: 'change-dates-or-travellers',
        title: 'Can I change the dates or add travellers?',
        body: p(
          'Ask the provider in the chat: if there is space on another date, they can move your booking. To add travellers to a confirmed booking, use <strong>Add tourists</strong> on the booking page; the provider confirms the change and you pay the difference.',
        ),
      },
      {
        slug: 'bad-weather',
        title: 'What happens if the weather is bad?',
        body: p(
          'Guides adapt the route to the weather: a shorter loop, a sheltered valley or a rest day at the ranch. If the whole tour cannot run safely, for example because of a storm warning or wildfires, the provider offers new dates or a full refund.',
          'Check the climate page of your destination to choose the best season, and pack for rain even in summer.',
        ),
      },
    ],
  },
  {
    slug: 'safety',
    title: 'Safety and trust',
    description: 'How we check providers, what the badges mean and how to ride safely.',
    articles: [
      {
        slug: 'how-providers-are-vetted',
        title: 'How are tour providers vetted?',
        body: [
          p('Every provider goes through several checks before their tours are published:'),
          ul(
            '<strong>Identity verification</strong> by an independent third-party service.',
            '<strong>Formal screening</strong> of registration documents and licences.',
            '<strong>Media-space checks</strong>: we look at their website, social networks and what others say about them.',
            '<strong>Expert assessment</strong> of the tour program, the horses and the equipment by experienced riders.',
            '<strong>Emotional assessment</strong>: an interview that shows how they care for guests and horses.',
          ),
          p(
            'We keep watching after publication: providers with bad reviews or safety breaches can be removed from Gallop permanently.',
          ),
        ].join('\n'),
      },
      {
        slug: 'verification-badges',
        title: 'What do the verification badges mean?',
        body: p(
          'The badges on a provider’s page show which checks they have passed: a confirmed email address, a confirmed phone number and a verified identity document. A provider with all three badges has completed identity verification with our partner service.',
        ),
      },
      {
        slug: 'riding-safety-equipment',
        title: 'What safety equipment is provided?',
        body: p(
          'Providers supply riding helmets in several sizes on every ride; many also lend safety vests for children and for fast-paced tours. Bring boots with a small heel and no heavy tread, and gloves for long days.',
          'Always follow your guide’s instructions, keep a safe distance from the horse in front, and tell the guide at once if you feel unwell or unsure.',
        ),
      },
      {
        slug: 'travel-insurance',
        title: 'Do I need travel insurance?',
        body: p(
          'Yes, we strongly recommend travel insurance that explicitly covers horse riding, medical evacuation from remote areas and trip cancellation. Some providers require it for expeditions and ask for the policy number before the start.',
        ),
      },
      {
        slug: 'are-reviews-real',
        title: 'Are the reviews real?',
        body: p(
          'Only travellers who took part in a tour through Gallop can review it: we send each of them a personal link after the tour. Providers cannot delete reviews; they can answer them publicly.',
        ),
      },
      {
        slug: 'report-a-problem',
        title: 'How do I report a problem with a tour?',
        body: p(
          'On the tour page, choose <strong>Complain</strong> and describe what happened, or write to support in the chat. We look into every report, contact the provider, and take action when our rules were broken.',
          'In an emergency during a tour, contact local emergency services first, then your guide.',
        ),
      },
    ],
  },
  {
    slug: 'for-providers',
    title: 'For tour providers',
    description: 'Listing tours on Gallop, requirements, meeting details and payouts.',
    articles: [
      {
        slug: 'become-a-provider',
        title: 'How do I list my tours on Gallop?',
        body: p(
          'Send a request from the <strong>Join</strong> page with your name, email, phone and a few words about your stable or company. Our team contacts you, runs the vetting checks and opens your account in the provider back office, where you describe your tours and dates.',
        ),
      },
      {
        slug: 'provider-requirements',
        title: 'What are the requirements for providers?',
        body: ul(
          'Registration as a business or an individual entrepreneur where the law requires it.',
          'Healthy, well-kept horses suited to the terrain and to riders of the levels you accept.',
          'Qualified guides, first-aid training and helmets for every rider.',
          'Liability insurance that covers your riding activities.',
          'Quick answers to travellers: within 24 hours for booking requests.',
        ),
      },
      {
        slug: 'managing-tours-and-dates',
        title: 'Where do I manage my tours and dates?',
        body: p(
          'In the provider back office: tour descriptions, day-by-day programs, photos, dates and prices, discounts and the prepayment rules. Changes appear on the site within minutes. Keep free seats up to date so that travellers never request a full date.',
        ),
      },
      {
        slug: 'sending-meeting-details',
        title: 'How do I send meeting details to travellers?',
        body: p(
          'For each confirmed booking you receive a link to the meeting page. Fill in where and when the group meets and how to get there (templates save time), and attach maps or vouchers. Travellers see the details on their booking page together with each other’s arrival times.',
        ),
      },
      {
        slug: 'provider-payouts',
        title: 'When do I get paid?',
        body: p(
          'Prepayments collected through Gallop are paid out after the tour starts, minus the commission agreed in your account. The balance that travellers pay you directly on arrival is yours in full.',
        ),
      },
    ],
  },
  {
    slug: 'account',
    title: 'Your account',
    description: 'Signing in, notifications, favourites and your settings.',
    articles: [
      {
        slug: 'do-i-need-an-account',
        title: 'Do I need an account?',
        body: p(
          'You can search tours, read reviews and save favourites without one. To send a booking request, chat with providers, pay and leave reviews you need an account; we create it for you in a few seconds when you book for the first time.',
        ),
      },
      {
        slug: 'sign-in-with-a-code',
        title: 'How does sign-in with a one-time code work?',
        body: p(
          'Enter your email address or phone number and we send you a five-digit code. The code is valid for a few minutes and can be entered a limited number of times; ask for a new one if it has expired. No password to remember.',
        ),
      },
      {
        slug: 'forgot-password',
        title: 'I forgot my password',
        body: p(
          'Choose <strong>Forgot password</strong> on the sign-in page and enter your email address. We send you a link to set a new password; the link works once and expires after a day. You can also sign in with a one-time code instead.',
        ),
      },
      {
        slug: 'messenger-notifications',
        title: 'How do I get chat notifications in a messenger?',
        body: p(
          'In your settings, choose a messenger such as Telegram or WhatsApp and follow the link: we send you a connection code to confirm. From then on, new chat messages and booking updates reach you there too. You can switch notifications off for any chat.',
        ),
      },
      {
        slug: 'favourite-tours',
        title: 'How do favourites work?',
        body: p(
          'Press the heart on any tour to keep it in your favourites. Without an account they are kept on this device; when you sign in, your favourites are saved in your account and appear on every device.',
        ),
      },
      {
        slug: 'change-currency-or-country',
        title: 'How do I change my currency or country?',
        body: p(
          'Use the currency and country selectors in the site header or in your settings. We suggest a country from your location on the first visit; your choice overrides it and is remembered.',
        ),
      },
      {
        slug: 'delete-account',
        title: 'How do I delete my account?',
        body: p(
          `Write to ${SUPPORT_EMAIL} from the email address of your account. We delete your data within 30 days, except booking records that the law requires us to keep.`,
        ),
      },
    ],
  },
];

export async function seedHelpCenter(ctx: SeedContext): Promise<number> {
  const random = ctx.random.fork('content:help');
  let count = 0;
  for (const [position, section] of HELP_CENTER.entries()) {
    const [inserted] = await ctx.db
      .insert(helpSections)
      .values({
        slug: section.slug,
        title: section.title,
        description: section.description,
        position,
      })
      .returning({ id: helpSections.id });
    await ctx.db.insert(helpArticles).values(
      section.articles.map((article, index) => ({
        sectionId: inserted!.id,
        slug: article.slug,
        title: article.title,
        body: article.body,
        position: index,
        updatedAt: new Date(`${addDays(ctx.today, -random.int(5, 400))}T10:00:00Z`),
      })),
    );
    count += section.articles.length;
  }
  return count;
}
