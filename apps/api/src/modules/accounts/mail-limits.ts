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
