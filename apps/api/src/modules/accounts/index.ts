/**
 * The accounts module: sign-in and registration calls, profiles, favourites and identity
 * verification, on the sessions module.
 * Code outside the module imports it only from here (tooling/lint/boundaries.js).
 */
export { favouritesHandlers } from './favourites.ts';
export { accountsHandlers } from './handlers.ts';
export { hashPassword } from './passwords.ts';
export {
  createTourMailLimits,
  TOUR_MAILS_PER_DAY,
  TOUR_MAILS_PER_HOUR,
  type TourMailLimits,
} from './mail-limits.ts';
export { riderPassportHandlers } from './rider-passports.ts';
export { verificationHandlers } from './verification.ts';
