/**
 * Limits on what accounts mail to an address and on new accounts (pen test 2026-12-06, findings
 * 2 and 3; decision 140). Each is counted where the call is about to send, after its input was
 * checked and before the lookup that decides what is sent, so an address with an account and one
 * without are counted, and answered, alike (no account enumeration).
 *
 * - **Resend window:** one message per call and recipient per `CODE_RESEND_AFTER_S` (the
 *   `resend_after` the code call answers), from every client address together; a solved captcha
 *   lets one more through.
 * - **Per recipient:** at most `MAILS_PER_RECIPIENT` account messages an hour to one address or
 *   phone, whoever asks; no captcha lifts it (a bot can pay for proof of work, an inbox cannot).
 * - **Sign-ups:** registrations per client address an hour (`AUTH_LIMIT`, 10 by default), so
 *   one address cannot make throwaway accounts to multiply the per-user limits.
 * - **Tour mail per recipient** (`createTourMailLimits`): the programmes and follow confirmations
 *   a visitor sends without an account (`tour-actions/`), at most `TOUR_MAILS_PER_HOUR` an hour
 *   and `TOUR_MAILS_PER_DAY` a day to one address or phone, whoever asks (security probe
 *   2026-12-07: 30 programmes to a stranger in 11 s). Counted apart from the account mail, so a
 *   flood of programmes never holds back an inbox's own sign-in code.
 */
import {
  assertAllowed,
  createRateLimiter,
  type CaptchaCarrier,
  type RateLimits,
} from '#src/http/rate-limit.ts';
import { CODE_RESEND_AFTER_S } from './codes.ts';

/** Account messages one recipient gets in an hour at most, whoever asks for them. */
export const MAILS_PER_RECIPIENT = 5;
const HOUR_MS = 60 * 60_000;

/** Tour mail (programmes, follow confirmations) one recipient gets in an hour at most. */
export const TOUR_MAILS_PER_HOUR = 6;
/** Tour mail one recipient gets in a day at most: a slow flood stops too. */
export const TOUR_MAILS_PER_DAY = 20;
const DAY_MS = 24 * HOUR_MS;

/** The calls that send to an address, each with its own resend window. */
type MailCall =
  | 'sign-in-code'
  | 'register'
  | 'register-code'
  | 'reset-password'
  | 'change-email'
  | 'confirm-email';

const RESEND_TOO_SOON = `A message was sent to this address less than ${CODE_RESEND_AFTER_S} seconds ago. Please wait before asking for another one.`;
const TOO_MANY_MAILS = 'Too many messages were sent to this address. Please try again in an hour.';
const TOO_MANY_MAILS_TODAY =
  'Too many messages were sent to this address today. Please try again tomorrow.';
const TOO_MANY_SIGN_UPS =
  'Too many accounts were registered from your address. Please confirm you are not a robot.';

export interface MailLimits {
  /**
   * Counts a message of `call` to `recipient` (normalised e-mail or phone) about to be sent;
   * throws the 429 `CaptchaRequired` answer when the resend window or the hourly cap refuses.
   * `request` carries a solved captcha, which lifts the resend window only.
   */
  beforeSending(call: MailCall, recipient: string, request: CaptchaCarrier): Promise<void>;
  /** Counts a registration from `request.ip`; throws the 429 answer past the hourly limit. */
  beforeSignUp(request: CaptchaCarrier & { ip: string }): Promise<void>;
}

export interface MailLimitsOptions {
  rateLimits?: RateLimits | undefined;
  /** Registrations per client address an hour (default 10). */
  signUpLimit?: number | undefined;
}

export function createMailLimits(options: MailLimitsOptions): MailLimits {
  const limits = options.rateLimits;
  const resend = createRateLimiter({
    name: 'mail-resend',
    limit: 1,
    windowMs: CODE_RESEND_AFTER_S * 1_000,
    limits,
  });
  const perRecipient = createRateLimiter({
    name: 'mail-recipient',
    limit: MAILS_PER_RECIPIENT,
    windowMs: HOUR_MS,
    limits,
  });
  const signUps = createRateLimiter({
    name: 'sign-ups',
    limit: options.signUpLimit ?? 10,
    windowMs: HOUR_MS,
    limits,
  });
  return {
    async beforeSending(call, recipient, request) {
      const key = recipient.trim().toLowerCase();
      await assertAllowed(resend, `${call}:${key}`, request, RESEND_TOO_SOON);
      await assertAllowed(perRecipient, key, undefined, TOO_MANY_MAILS);
    },
    async beforeSignUp(request) {
      await assertAllowed(signUps, request.ip, request, TOO_MANY_SIGN_UPS);
    },
  };
}

/** The caps on what visitors' tour actions mail to one recipient. */
export interface TourMailLimits {
  /**
   * Counts a message about to be sent to `recipient` (an e-mail address or a phone); throws the
   * 429 `CaptchaRequired` answer past the hourly or the daily cap. No captcha lifts them: a bot
   * can pay for proof of work, an inbox cannot.
   */
  beforeSending(recipient: string): Promise<void>;
}

export function createTourMailLimits(options: {
  rateLimits?: RateLimits | undefined;
}): TourMailLimits {
  const hourly = createRateLimiter({
    name: 'tour-mail-recipient',
    limit: TOUR_MAILS_PER_HOUR,
    windowMs: HOUR_MS,
    limits: options.rateLimits,
  });
  const daily = createRateLimiter({
    name: 'tour-mail-recipient-day',
    limit: TOUR_MAILS_PER_DAY,
    windowMs: DAY_MS,
    limits: options.rateLimits,
  });
  return {
    async beforeSending(recipient) {
      const key = recipient.trim().toLowerCase();
      // The hour first: a refusal there leaves the day's count alone.
      await assertAllowed(hourly, key, undefined, TOO_MANY_MAILS);
      await assertAllowed(daily, key, undefined, TOO_MANY_MAILS_TODAY);
    },
  };
}
