/**
 * The bookings module: booking requests, their transitions, seats, money and notices; the pure
 * rules they follow (status machine, pricing, cancellation policies) are in booking-rules.
 * Code outside the module imports it only from here (tooling/lint/boundaries.js).
 */
// The demo seed (apps/api-demo) names a tour's policy through here.
export type { PolicyName } from '@gallop/booking-rules';
export { ownBookingReference } from './booking-reference.ts';
export { DEV_TOUR_END_PATH, registerDevTourEndRoute } from './dev-tour-end.ts';
export { startBookingExpiry } from './expiry.ts';
export { claimGuestBookings, type ClaimSite } from './guests.ts';
export { chatRequestsHandlers } from './chat-requests.ts';
export { bookingsHandlers } from './handlers.ts';
export { bookingGreeting, bookingUrl } from './messages.ts';
export { partyText } from './party-text.ts';
export { displayDates, displayDay } from './wording.ts';
export { limitInBothUnits } from './rider-places.ts';
export {
  meetingByKey,
  meetingFiles,
  meetingRequest,
  openMeeting,
  type MeetingRow,
} from './meetings.ts';
export { money, tellEveryone, type Notice } from './notices.ts';
export { organizerAreaHandlers } from './organizer-area-handlers.ts';
export { remindersAhead } from './reminders.ts';
export { toPayment, type BookingPayments, type PaymentRow } from './payments-port.ts';
export {
  CONTRACT_STATUS,
  DEFAULT_HOLD_HOURS,
  findRequest,
  findRequestByUuid,
  forbidden,
  holdEndsAt,
  loadTourists,
  major,
  ownRequest,
  toBookingRequest,
  riderName,
  type RequestRow,
  type TouristRow,
} from './records.ts';
export { supportBookingHandlers } from './support-handlers.ts';
export { tourSelectionHandlers } from './tour-selection-handlers.ts';
export {
  CLOSED_BY_GALLOP,
  closeOpenPayments,
  closeStaleOpenPayments,
  conflict,
  lockBooking,
  type Transaction,
} from './transitions.ts';
