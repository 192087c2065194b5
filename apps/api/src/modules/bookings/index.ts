/**
 * The bookings module: booking requests, their status machine, pricing and notices.
 * Code outside the module imports it only from here (tooling/lint/boundaries.js).
 */
// First: the statuses have no imports, and meetings and reviews read them while they load (a
// Set of statuses at the top of a file). Bookings and meetings import each other, so through
// this file a later line can load meetings before records.ts has run.
export {
  ACTIVE_STATUSES,
  CANCELED_STATUSES,
  decide,
  isActive,
  STATUS,
  type BookingStatus,
} from './status-machine.ts';
export {
  policyLines,
  tiersOf,
  tiersOfBooking,
  toCancellationPolicy,
  type PolicyName,
} from './cancellation-policy.ts';
export { DEV_TOUR_END_PATH, registerDevTourEndRoute } from './dev-tour-end.ts';
export { startBookingExpiry } from './expiry.ts';
export { claimGuestBookings } from './guests.ts';
export { bookingsHandlers } from './handlers.ts';
export { bookingUrl } from './messages.ts';
export { money, tellEveryone, type Notice } from './notices.ts';
export { organizerAreaHandlers } from './organizer-area-handlers.ts';
export { amountDue, balanceDueDay, creditOf, type PaymentType } from './pricing.ts';
export {
  CONTRACT_STATUS,
  findRequest,
  findRequestByUuid,
  forbidden,
  loadTourists,
  major,
  ownRequest,
  toBookingRequest,
  toBookingRequests,
  toTourist,
  type RequestRow,
  type TouristRow,
} from './records.ts';
export { supportBookingHandlers } from './support-handlers.ts';
export { tourSelectionHandlers } from './tour-selection-handlers.ts';
export { closeOpenPayments, conflict, lockBooking, type Transaction } from './transitions.ts';
