import type { components } from '@gallop/api-client';
import type { Organizer, Review } from '../api';

type Schemas = components['schemas'];

/** A provider as `/crm/api/organizer/public-info` answers it; override what a test is about. */
export function organizerFixture(overrides: Partial<Organizer> = {}): Organizer {
  return {
    id: 6,
    name: 'Auvergne Trail Company',
    type: 'organization',
    avatar: { image: '/media/generated/portrait/10006/{{size}}.jpg' },
    rating: 4.3,
    reviews_count: 47,
    is_email_verified: true,
    is_phone_verified: true,
    is_passport_verified: false,
    description: 'Auvergne Trail Company runs horseback holidays across France with 40 horses.',
    legal_type: 'legal_entity',
    country: { id: 75, name: 'France' },
    tours_count: 10,
    images: [{ image: '/media/generated/horse/20018/{{size}}.jpg', alt: 'Auvergne, photo 1' }],
    horse_welfare: {
      rest_days_per_week: 1,
      max_work_hours_per_day: 7,
      turnout: 'paddocks',
      vet: { on_call: true, check_weeks: null },
      farrier: { on_call: true, every_weeks: 8 },
      weight_policy: { text: null, max_rider_weight_kg: null, heavy_rider_weight_kg: null },
      retirement: { kind: 'rehomed', note: 'To families nearby.' },
      tour_overrides: [],
    },
    ...overrides,
  };
}

export function reviewFixture(id: number, overrides: Partial<Review> = {}): Review {
  return {
    id,
    rating: 5,
    text: `Review number ${id}`,
    author_name: `Rider ${id}`,
    created_at: '2026-10-13T20:15:00.000Z',
    is_verified: false,
    ...overrides,
  };
}

/** A page of reviews as `/spa/organizer-reviews` answers it. */
export function reviewPage(
  ids: readonly number[],
  page: number,
  total: number,
  perPage = 5,
): Schemas['ReviewList'] {
  return {
    items: ids.map((id) => reviewFixture(id)),
    pagination: { page, per_page: perPage, total, page_count: Math.ceil(total / perPage) },
  };
}
