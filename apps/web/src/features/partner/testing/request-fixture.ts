import type { OrganizerBooking, RequestForOrganizer } from '../api';

/** A request as `GET /crm/api/request/answer` answers it; override what a test is about. */
export function requestFixture(overrides: Partial<RequestForOrganizer> = {}): RequestForOrganizer {
  return {
    id: 4821,
    status: 1,
    tour_name: 'Altai Horse Trek to the Multinskiye Lakes',
    start: '2026-07-12',
    end: '2026-07-19',
    seats: 2,
    tourists: [
      {
        id: 1,
        full_name: 'Ines Moreau',
        first_name: 'Ines',
        last_name: 'Moreau',
        birthday: '1990-07-13',
        weight: 61,
        level: 'intermediate',
        food_restriction: 'Vegetarian',
      },
      {
        id: 2,
        full_name: 'Paul Moreau',
        first_name: 'Paul',
        last_name: 'Moreau',
        birthday: null,
        weight: null,
        level: null,
        food_restriction: null,
      },
    ],
    comment: 'We have ridden before, but never for a week.',
    contact_name: 'Ines Moreau',
    price: 1840,
    currency: 'EUR',
    respond_by: '2026-06-02T14:30:00.000Z',
    decline_reason: null,
    created_at: '2026-06-01T14:30:00.000Z',
    ...overrides,
  };
}

/** A booking as `GET /crm/api/partner/booking` answers it; override what a test is about. */
export function organizerBookingFixture(
  overrides: Partial<OrganizerBooking> = {},
): OrganizerBooking {
  const request = requestFixture();
  return {
    id: request.id,
    status: 1,
    tour_id: 12,
    tour_name: request.tour_name,
    start: request.start ?? null,
    end: request.end ?? null,
    seats: request.seats,
    heavy_places: 0,
    non_riders: 0,
    max_rider_weight_kg: 95,
    departure: {
      id: 311,
      seats: 12,
      seats_free: 5,
      heavy_places: 0,
      heavy_places_free: 0,
      non_rider_places: 0,
      non_rider_places_free: 0,
      guaranteed: true,
      min_riders: null,
      decision_date: null,
      cancelled: false,
      can_decide: false,
    },
    tourists: request.tourists.map((rider, index) => ({
      ...rider,
      email: index === 0 ? 'ines@example.com' : null,
      phone: index === 0 ? '+33612345678' : null,
    })),
    comment: request.comment ?? null,
    contact_name: request.contact_name ?? '',
    contact_email: 'ines@example.com',
    contact_phone: '+33612345678',
    arrival: { request_id: request.id, tourists: [] },
    payments: [],
    price: request.price,
    prepayment: null,
    paid: 0,
    refunded: 0,
    left_to_pay: request.price,
    hold_until: null,
    balance_due_by: null,
    balance_overdue: false,
    currency: request.currency,
    respond_by: request.respond_by ?? null,
    decline_reason: request.decline_reason ?? null,
    cancel_message: null,
    created_at: request.created_at,
    can_confirm: true,
    can_decline: true,
    can_cancel: false,
    ...overrides,
  };
}
