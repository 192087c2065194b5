import type { components } from '@gallop/api-client';

type Schemas = components['schemas'];

/** A card's riding requirements: intermediate, English tack, heavier horses from 95 to 110 kg. */
export function ridingBrief(
  overrides: Partial<Schemas['TourRidingBrief']> = {},
): Schemas['TourRidingBrief'] {
  return {
    level: 'intermediate',
    hours_longest_day: 6,
    tack: 'english',
    other_tack_on_request: false,
    max_rider_weight_kg: 95,
    heavy_rider_weight_kg: 110,
    min_riding_age: 12,
    max_riding_age: null,
    non_riders_welcome: false,
    ...overrides,
  };
}

/** A tour card as `/spa/best-tours` answers it; override what a test is about. */
export function tourSummary(
  overrides: Partial<Schemas['TourSummary']> = {},
): Schemas['TourSummary'] {
  return {
    id: 99,
    slug: 'thar-desert-riding-expedition-99',
    name: 'Thar Desert Riding Expedition',
    type: 1,
    duration: 12,
    price: 1134,
    price_without_discount: 1260,
    currency: 'USD',
    rating: 3.8,
    reviews_count: 4,
    countries: [{ id: 100, name: 'India' }],
    images: [{ image: '/media/generated/landscape/1584/{{size}}.jpg' }],
    riding: ridingBrief(),
    heavy_places_free: 2,
    ...overrides,
  };
}

const namedItem = (id: number, name: string, slug: string): Schemas['NamedItem'] => ({
  id,
  name,
  slug,
  tours_count: 10 + id,
  image: { image: `/media/generated/trail/${500 + id}/{{size}}.jpg`, alt: name },
});

export const calendarPeriod = (
  name: string,
  date_from: string,
  date_to: string,
): Schemas['CalendarPeriod'] => ({ name, date_from, date_to });

/** `/spa/calendar-periods` as the API answers on 26 November 2026: holidays, seasons, months. */
export const calendarPeriods: Schemas['CalendarPeriod'][] = [
  calendarPeriod('Thanksgiving 2026', '2026-11-26', '2026-11-29'),
  calendarPeriod('Christmas and New Year 2026/27', '2026-12-24', '2027-01-07'),
  calendarPeriod('Autumn 2026', '2026-11-26', '2026-11-30'),
  calendarPeriod('New Year holidays 2026/27', '2026-12-01', '2027-01-31'),
  calendarPeriod('Winter 2026/27', '2026-12-01', '2027-02-28'),
  calendarPeriod('Spring 2027', '2027-03-01', '2027-05-31'),
  calendarPeriod('Summer 2027', '2027-06-01', '2027-08-31'),
  calendarPeriod('November 2026', '2026-11-26', '2026-11-30'),
  calendarPeriod('December 2026', '2026-12-01', '2026-12-31'),
  calendarPeriod('January 2027', '2027-01-01', '2027-01-31'),
  calendarPeriod('February 2027', '2027-02-01', '2027-02-28'),
];

/** Answers of the calls the shell and the home page make, by path. */
export const fakeAnswers: Record<string, unknown> = {
  '/spa/info': {
    currencies: ['USD', 'EUR', 'GBP'],
    default_currency: 'USD',
    languages: [{ id: 1, code: 'en', name: 'English' }],
    contacts: {
      email: 'support@gallop.example',
      phones: [{ type: 'main', formatted_phone: '+1 415 555 0134', entity: null }],
      has_other_phones: false,
    },
    messengers: { whatsapp: 'https://wa.me/14155550134' },
    landing_videos: [
      {
        name: 'mountain-riders-v1',
        small_url: '/media/videos/mountain-riders-v1-small.mp4',
        large_url: '/media/videos/mountain-riders-v1-large.mp4',
        poster: '/media/videos/mountain-riders-v1-poster/{{size}}.jpg',
        placeholder_color: '#8e8c73',
      },
    ],
    legal_documents: ['terms', 'privacy', 'cookies', 'offer', 'safety_rules'],
  } satisfies Schemas['SiteInfo'],
  '/spa/social-links': {
    items: [{ source: 'instagram', title: 'Instagram', url: 'https://www.instagram.com/gallop' }],
  },
  '/spa/stats': {
    totalCount: 362,
    toursCount: 253,
    cruisesCount: 32,
    authorToursCount: 164,
    verifiedOrganizersCount: 24,
    regionsCount: 88,
    restKindsCount: 14,
  } satisfies Schemas['Stats'],
  '/spa/best-tours': { items: [tourSummary()] },
  '/crm/api/index-page/all-rest-kinds': { items: [namedItem(1, 'Trail riding', 'trail-riding')] },
  '/crm/api/index-page/all-collections': {
    items: [namedItem(2, 'Best for beginners', 'best-for-beginners')],
  },
  '/crm/api/index-page/all-seasons': {
    items: [
      { ...namedItem(4, 'Winter', 'winter'), date_from: '2026-12-01', date_to: '2027-02-28' },
    ],
  },
  '/spa/calendar-periods': { items: calendarPeriods },
};

/**
 * A fetch standing in for the API: the answers above (or `answers`) by path, 404 for others.
 * `seen` lists the requests, so tests can check headers.
 */
export function createFakeApi(answers: Record<string, unknown> = fakeAnswers) {
  const seen: Request[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    seen.push(request);
    const answer = answers[new URL(request.url).pathname];
    if (answer === undefined) return Response.json({ message: 'Not found' }, { status: 404 });
    return Response.json(answer);
  };
  return { fetch, seen };
}

/** A fetch for an API that is down: every call fails like a refused connection. */
export const unreachableApi = (): Promise<Response> =>
  Promise.reject(new TypeError('fetch failed'));
