import type { Tour } from '../api';
import type { TourDate } from '../format';

/** A tour date as the API answers it; override what a test is about. */
export function tourDate(overrides: Partial<TourDate> = {}): TourDate {
  return {
    id: 1,
    tour_id: 7,
    duration: 10,
    start: '2026-12-15',
    end: '2026-12-24',
    currency: 'USD',
    price: 4200,
    original_price: 4200,
    price_without_discount: 4200,
    is_busy: false,
    flight_included: false,
    variant_name: null,
    not_guaranteed: false,
    is_discount_auto: false,
    prepayment_type: 'percent',
    full_payment_days: 14,
    prepayment_size: 30,
    number_of_seats: 8,
    number_of_free_seats: 3,
    heavy_places: 2,
    heavy_places_free: 2,
    is_cashback_available: false,
    is_discount_exist: false,
    ...overrides,
  };
}

/** A tour page answer with every section filled. */
export function tourFixture(overrides: Partial<Tour> = {}): Tour {
  return {
    id: 7,
    slug: 'secret-trails-of-waterberg-7',
    name: 'Secret Trails of Waterberg',
    type: 1,
    duration: 10,
    price: 4200,
    currency: 'USD',
    images: [
      { image: '/media/generated/landscape/1/{{size}}.jpg', alt: 'Open landscape' },
      { image: '/media/generated/horse/2/{{size}}.jpg', alt: null },
      { image: '/media/generated/trail/3/{{size}}.jpg' },
    ],
    description: 'First paragraph.\n\nSecond paragraph.',
    dates: [tourDate()],
    riding: {
      level: 'intermediate',
      pace_mix: { walk: 50, trot: 30, canter: 15, gallop: 5 },
      terrain: ['hills', 'river-crossings'],
      hours_typical_day: 5,
      hours_longest_day: 6,
      tack: 'english',
      other_tack_on_request: false,
      horses: { breed: 'Boerperd', herd_size: 40 },
      max_rider_weight_kg: 95,
      heavy_rider_weight_kg: 110,
      min_riding_age: 12,
      max_riding_age: null,
      non_riders_welcome: false,
    },
    heavy_places_free: 2,
    rating: 4.5,
    reviews_count: 4,
    difficulty: 2,
    comfort: 'premium',
    accommodation: 'flat',
    max_group_size: 6,
    min_age: 12,
    countries: [{ id: 199, name: 'South Africa' }],
    languages: [
      { id: 1, code: 'en', name: 'English' },
      { id: 4, code: 'es', name: 'Spanish' },
    ],
    start_city: { id: 105, name: 'Hoedspruit', region: 'Limpopo', country: 'South Africa' },
    program: [{ day: 1, title: 'Arrival', description: 'Meet the horses.', images: [] }],
    included: ['Horse and tack'],
    not_included: ['Travel insurance'],
    questions: [{ id: 1, question: 'What should I bring?', answer: 'Boots.' }],
    reviews: [],
    organizer: { id: 21, name: 'Western Cape Saddle Club', type: 'organization' },
    seo: { description: 'Ride the Waterberg.', canonical: '/secret-trails-of-waterberg-7' },
    ...overrides,
  };
}
