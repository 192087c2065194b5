import type { ServiceHandlers } from '#src/contract.ts';
import type { Database } from '#src/db/client.ts';
import type { RateLimits } from '#src/http/rate-limit.ts';
import type { Lifecycle } from '#src/lifecycle.ts';
import { captchaHandlers, type Altcha } from '#src/modules/captcha/index.ts';
import {
  catalogSearchHandlers,
  listsHandlers,
  privateTourHandlers,
  tourHandlers,
  type CachedAnswers,
  type CardStore,
  type ResponseCache,
  type TourIndexProvider,
} from '#src/modules/catalog/index.ts';
import type { RatesCache } from '#src/shared/money/rates.ts';
import {
  accountsHandlers,
  favouritesHandlers,
  riderPassportHandlers,
  verificationHandlers,
} from '#src/modules/accounts/index.ts';
import type { SessionsEnded } from '#src/modules/sessions/index.ts';
import {
  bookingsHandlers,
  chatRequestsHandlers,
  organizerAreaHandlers,
  supportBookingHandlers,
  tourSelectionHandlers,
} from '#src/modules/bookings/index.ts';
import { chatHandlers, type ChatRealtime } from '#src/modules/chat/index.ts';
import {
  contentHandlers,
  type ContentConfig,
  type MessengerSource,
} from '#src/modules/content/index.ts';
import { phoneCodesHandlers } from '#src/modules/phone-codes/index.ts';
import { bookingPayments, paymentsHandlers, receiptHandlers } from '#src/modules/payments/index.ts';
import { operationsHandlers } from '#src/modules/operations/index.ts';
import { organizersHandlers, ownOrganizersHandlers } from '#src/modules/organizers/index.ts';
import { reviewInvitationHandlers, reviewsHandlers } from '#src/modules/reviews/index.ts';
import { tourActionsHandlers } from '#src/modules/tour-actions/index.ts';
import { uploadsHandlers } from '#src/modules/uploads/index.ts';
import { meetingsHandlers } from '#src/modules/meetings/index.ts';

/**
 * What the app composes the modules' handlers from: its services and settings (app.ts builds it
 * from the environment). No module receives this object: each declares the deps its handlers
 * take (`BookingsDeps`, `ChatDeps`...) and `createServiceHandlers` gives each only those.
 */
export interface AppServices {
  lifecycle: Lifecycle;
  db: Database;
  /** Currency rates (cached a minute) for prices in the visitor's currency. */
  rates: RatesCache;
  /** Cached answers of the public catalogue reads (search, SEO pages). */
  responseCache?: ResponseCache;
  /**
   * The app's rate limits: counts in Redis or memory, lifted by a solved captcha (decision 094).
   * Without them each module counts in its own memory and no captcha lifts a limit.
   */
  rateLimits?: RateLimits | undefined;
  /** The built-in captcha (ALTCHA) the limits ask for; module tests get one of their own. */
  captcha?: Altcha | undefined;
  /** Per-address limit of the public write calls in 15 minutes (tour actions). */
  publicWriteLimit?: number;
  /** Percent of a date's places unproven guests may hold together (`GUEST_DATE_SHARE`). */
  guestDateShare?: number;
  /** Sign-in attempts and codes per address and login in 15 minutes. */
  authLimit?: number;
  /** Failed password sign-ins per login, from all addresses, in 15 minutes. */
  authAccountLimit?: number;
  /** Failed password sign-ins from one address, whatever the logins, in 15 minutes. */
  authAddressLimit?: number;
  /** The in-process search index (searches use SQL alone without it). */
  searchIndex?: TourIndexProvider | undefined;
  /** Card parts of the tours the index's searches show (one is made when absent). */
  cardStore?: CardStore | undefined;
  /** The fast path answering repeated searches from the response cache. */
  cachedAnswers?: CachedAnswers | undefined;
  /** Signs the sandbox payment provider's callbacks and page links (read when used). */
  paymentSecret: () => string;
  /** Hours a confirmed, unpaid booking holds its seats (`BOOKING_HOLD_HOURS`, default 72). */
  bookingHoldHours?: number;
  /** Hours an organizer has to answer a request (`RESPONSE_DEADLINE_HOURS`, default 48). */
  responseDeadlineHours?: number;
  /** Signs the organizer's Confirm and Decline links (read when used). */
  bookingLinkSecret: () => string;
  /** Logs what no caller can be told (a refund left for the booking job's retry). */
  log?: { warn(details: object, message: string): void };
  /** Site-level settings from the environment (public URL, country detection). */
  content?: Partial<ContentConfig>;
  /** Folder of uploaded files (default `apps/api/.data/uploads`). */
  uploadsDir?: string;
  /** Uploads per user (or address) and hour before a captcha (429). */
  uploadLimit?: number;
  /** The chat socket server's emitter (none: nobody is connected). */
  chatRealtime?: ChatRealtime;
  /** Disconnects the sockets of sessions that ended (sign-out, password change, token reuse). */
  sessionsEnded?: SessionsEnded;
  /**
   * The outbox channels that reach an e-mail address or phone number a visitor typed (none
   * given: every one): one-time codes and programme orders are offered by no other.
   */
  reachableChannels?: Parameters<typeof accountsHandlers>[0]['codeChannels'];
  /**
   * The messengers whose bot webhook this process serves (decision 059): the only ones a
   * connection code can link. None given: no messenger is offered.
   */
  connectableMessengers?: readonly MessengerSource[];
  /** Chat messages per user and minute before a captcha (429). */
  chatSendLimit?: number;
  /** New phone codes per caller in 15 minutes before a captcha (429). */
  phoneCodeLimit?: number;
  /** Signs the web call widget's tokens; none: web calls are off. */
  callSecret?: string | undefined;
  /** Signs the unfollow links of the e-mails to a tour's followers (read when used). */
  followerSecret: () => string;
  /** The identity-verification service: its URL and the tokens' secret (no secret: off). */
  verification?: { serviceUrl?: string | undefined; secret?: string | undefined };
}

/**
 * Every contract operation's handler, gathered from the domain modules, each given the deps its
 * module declares (object literals: TypeScript refuses a dependency a module did not ask for).
 * The `ServiceHandlers` annotation is what turns a forgotten operation into a compile error.
 */
export function createServiceHandlers(app: AppServices): ServiceHandlers {
  const { db, rates, rateLimits, content } = app;
  const site = { publicUrl: content?.publicUrl };
  // Bookings void and refund through payments, which sit above them (apps/api/README.md, Layout).
  const payments = bookingPayments(db);
  const bookingTimes = { bookingHoldHours: app.bookingHoldHours };
  return {
    ...operationsHandlers({ lifecycle: app.lifecycle }),
    ...contentHandlers({ db, rates, content, reachableChannels: app.reachableChannels }),
    ...captchaHandlers({ captcha: app.captcha }),
    ...organizersHandlers({ db }),
    ...ownOrganizersHandlers({ db, publicWriteLimit: app.publicWriteLimit, rateLimits }),
    ...tourHandlers({ db, rates }),
    ...privateTourHandlers({ db, rates, uploadsDir: app.uploadsDir }),
    ...listsHandlers({ db, rates }),
    ...catalogSearchHandlers({
      db,
      rates,
      responseCache: app.responseCache,
      searchIndex: app.searchIndex,
      cardStore: app.cardStore,
      cachedAnswers: app.cachedAnswers,
    }),
    ...reviewsHandlers({ db }),
    ...reviewInvitationHandlers({
      db,
      rates,
      publicWriteLimit: app.publicWriteLimit,
      rateLimits,
      publicUrl: site.publicUrl,
    }),
    ...tourActionsHandlers({
      db,
      rates,
      content: site,
      publicWriteLimit: app.publicWriteLimit,
      rateLimits,
      followerSecret: app.followerSecret,
      reachableChannels: app.reachableChannels,
    }),
    ...accountsHandlers({
      db,
      content: site,
      authLimit: app.authLimit,
      authAccountLimit: app.authAccountLimit,
      authAddressLimit: app.authAddressLimit,
      rateLimits,
      sessionsEnded: app.sessionsEnded,
      codeChannels: app.reachableChannels,
      bookingHoldHours: app.bookingHoldHours,
    }),
    ...verificationHandlers({ db, verification: app.verification }),
    ...phoneCodesHandlers({
      db,
      phoneCodeLimit: app.phoneCodeLimit,
      rateLimits,
      callSecret: app.callSecret,
    }),
    ...favouritesHandlers({ db }),
    ...riderPassportHandlers({ db }),
    ...bookingsHandlers({
      db,
      rates,
      content: site,
      publicWriteLimit: app.publicWriteLimit,
      guestDateShare: app.guestDateShare,
      rateLimits,
      ...bookingTimes,
      responseDeadlineHours: app.responseDeadlineHours,
      payments,
      bookingLinkSecret: app.bookingLinkSecret,
    }),
    ...organizerAreaHandlers({
      db,
      content: site,
      ...bookingTimes,
      payments,
      bookingLinkSecret: app.bookingLinkSecret,
    }),
    ...supportBookingHandlers({ db, rates, content: site, payments }),
    ...tourSelectionHandlers({ db, rates, content: site }),
    ...chatRequestsHandlers({ db, rates }),
    ...paymentsHandlers({
      db,
      rates,
      content: site,
      paymentSecret: app.paymentSecret,
      log: app.log,
      ...bookingTimes,
    }),
    ...receiptHandlers({ db }),
    ...chatHandlers({
      db,
      chatRealtime: app.chatRealtime,
      chatSendLimit: app.chatSendLimit,
      rateLimits,
      content: site,
      connectableMessengers: app.connectableMessengers,
      uploadsDir: app.uploadsDir,
      log: app.log,
    }),
    ...uploadsHandlers({
      db,
      uploadsDir: app.uploadsDir,
      uploadLimit: app.uploadLimit,
      rateLimits,
    }),
    ...meetingsHandlers({
      db,
      content: site,
      uploadsDir: app.uploadsDir,
      uploadLimit: app.uploadLimit,
      publicWriteLimit: app.publicWriteLimit,
      rateLimits,
      bookingLinkSecret: app.bookingLinkSecret,
    }),
  };
}
