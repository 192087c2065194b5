/**
 * Accounts (docs/product.md, Calls, "User"; decisions, "Accounts and notifications"): registration
 * with a password or a one-time code, sign-in, sessions, links sent by email, and the settings a
 * traveller changes. Sign-in and codes are rate-limited per address and login (429 `captcha` or
 * `hard_captcha`, lifted by a solved captcha: decision 094).
 *
 * The calls are thin: each reads the request (the signed-in user, the typed fields), counts its
 * rate limit, and calls a service of `registration.ts`, `sign-in.ts` or `profile.ts`, which takes
 * the database and answers a typed result or refuses with an `HttpError` (401, 404, 422).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceHandlers } from '#src/contract.ts';
import type { Database } from '#src/db/client.ts';
import { HttpError, unprocessable } from '#src/http/http-error.ts';
import { DEFAULT_HOLD_HOURS } from '#src/modules/bookings/index.ts';
import {
  assertAllowed,
  createRateLimiter,
  limitCall,
  type RateLimiter,
  type RateLimits,
} from '#src/http/rate-limit.ts';
import {
  findSigned,
  normalizeEmail,
  parseLogin,
  refreshSession,
  requireSigned,
  revokeSession,
  type Login,
  type SessionsEnded,
  type Signed,
  type UserRow,
} from '#src/modules/sessions/index.ts';
import {
  CODE_RESEND_AFTER_S,
  deliverableSenders,
  refuseUndeliverable,
  senderNeedsEmail,
  sendCode,
  type CodeChannels,
  type CodeSender,
} from './codes.ts';
import { confirmEmail, PasswordAsked } from './confirmation-link.ts';
import { sendEmailConfirmation } from './mail.ts';
import { createMailLimits } from './mail-limits.ts';
import {
  changeCountry,
  changeEmail,
  changePassword,
  changePhone,
  confirmPhone,
  markActive,
  PHONE_CONFIRMATION_METHODS,
  sendPhoneConfirmation,
  setCurrency,
  setLanguage,
  setProfilePhoto,
  updateProfile,
} from './profile.ts';
import type { PasswordGuesses } from './passwords.ts';
import { registerWithCode, registerWithPassword } from './registration.ts';
import {
  checkPassword,
  checkResetLink,
  recoverPassword,
  resetPassword,
  signInLink,
  signInWithCode,
  signInWithLink,
  signInWithPassword,
  startCodeSession,
} from './sign-in.ts';
import { findUserByLogin, loginOrFail, phoneOrFail, toUserProfile } from './users.ts';

export interface AccountsDeps {
  db: Database;
  content?: { publicUrl?: string | undefined } | undefined;
  /** Sign-in attempts and codes per address and login in 15 minutes (default 10). */
  authLimit?: number | undefined;
  /**
   * Failed password sign-ins per login, from all addresses, in 15 minutes (default 20). New
   * sign-ups per address and hour are `authLimit` too (`mail-limits.ts`).
   */
  authAccountLimit?: number | undefined;
  /** Failed password sign-ins from one address, whatever the logins, in 15 minutes (default 100). */
  authAddressLimit?: number | undefined;
  limiter?: RateLimiter;
  /** The app's rate limits (Redis or memory; a solved captcha lifts them). */
  rateLimits?: RateLimits | undefined;
  /** Ends the live connections of sessions that end (the chat socket's). */
  sessionsEnded?: SessionsEnded | undefined;
  /**
   * The outbox channels that can bring a code to an e-mail or phone: the only code senders
   * offered (production: those with a transport). None given: every sender.
   */
  codeChannels?: CodeChannels;
  /** Hours a confirmed, unpaid booking holds its seats (`BOOKING_HOLD_HOURS`, default 72). */
  bookingHoldHours?: number | undefined;
}

type AccountOperation =
  | 'register'
  | 'login'
  | 'logout'
  | 'registerWithoutPassword'
  | 'requestEmailConfirmation'
  | 'confirmEmail'
  | 'sendAuthCode'
  | 'loginViaCode'
  | 'redirectLoginViaCode'
  | 'getProfile'
  | 'updateProfile'
  | 'setLanguage'
  | 'setCurrency'
  | 'resetPassword'
  | 'checkPasswordResetToken'
  | 'recoverPassword'
  | 'changeCountry'
  | 'changeEmail'
  | 'changePassword'
  | 'changePhone'
  | 'listPhoneConfirmationMethods'
  | 'sendConfirmationCode'
  | 'confirmPhone'
  | 'setActivity'
  | 'refreshToken'
  | 'accessTokenByOneTimeToken'
  | 'getUserInfoData'
  | 'updateProfilePhoto';

const DEFAULT_PUBLIC_URL = 'http://127.0.0.1:3000';
const TOO_MANY = 'Too many attempts. Please confirm you are not a robot.';
/** Wrong passwords asked by one account's confirmation link, from every address together. */
const CONFIRMATION_PASSWORD_TRIES = 5;
const TOO_MANY_CONFIRMATION_PASSWORDS =
  'Too many wrong passwords for this account. Please confirm you are not a robot, or choose "I did not create this account".';
/** Numbers `change-phone` may answer as another account's, per account and day (decision 151). */
const PHONE_TAKEN_ANSWERS = 5;
const TOO_MANY_TAKEN_PHONES =
  'Too many of the numbers you entered belong to other accounts. Please try again tomorrow or write to Gallop support.';

/** The code sender's address for a login: email codes need an email, the rest a phone. */
function codeLogin(sender: CodeSender, email?: string, phone?: string): Login {
  if (senderNeedsEmail(sender)) {
    if (!email) throw unprocessable('Required field', { email: ['Required field'] });
    return { kind: 'email', value: email };
  }
  if (!phone) throw unprocessable('Required field', { phone: ['Required field'] });
  return { kind: 'phone', value: phone };
}

export function accountsHandlers(deps: AccountsDeps): Pick<ServiceHandlers, AccountOperation> {
  const { db } = deps;
  const sessionsEnded = deps.sessionsEnded ?? (() => {});
  const publicUrl = deps.content?.publicUrl ?? DEFAULT_PUBLIC_URL;
  // A proof of an address claims its guest bookings, whose dates may then run (decision 185).
  const claimSite = { publicUrl, holdHours: deps.bookingHoldHours ?? DEFAULT_HOLD_HOURS };
  const limiter =
    deps.limiter ??
    createRateLimiter({
      name: 'accounts',
      limit: deps.authLimit ?? 10,
      windowMs: 15 * 60_000,
      limits: deps.rateLimits,
    });

  // What accounts mail to one address (a resend window per call, a cap an hour) and sign-ups per
  // address: counted right before the lookup that tells a known login from an unknown one.
  const mailLimits = createMailLimits({
    rateLimits: deps.rateLimits,
    signUpLimit: deps.authLimit,
  });

  // Failed password sign-ins per login from every address: a botnet guessing one account's
  // password (or stuffing credentials) meets the captcha however many addresses it has.
  const failedSignIns = createRateLimiter({
    name: 'failed-sign-ins',
    limit: deps.authAccountLimit ?? 20,
    windowMs: 15 * 60_000,
    limits: deps.rateLimits,
  });

  // Failed password sign-ins per address whatever the logins: one address stuffing a list of
  // credentials meets the captcha (the counts above are per login). Generous, for shared addresses.
  const failedFromAddress = createRateLimiter({
    name: 'failed-sign-ins-address',
    limit: deps.authAddressLimit ?? 100,
    windowMs: 15 * 60_000,
    limits: deps.rateLimits,
  });

  // Wrong passwords on confirmation links (decision 151), per account from every address: the
  // link's holder may not guess the registrant's password past this without a captcha.
  const confirmationPasswords = createRateLimiter({
    name: 'confirmation-passwords',
    limit: CONFIRMATION_PASSWORD_TRIES,
    windowMs: 60 * 60_000,
    limits: deps.rateLimits,
  });

  // Numbers `change-phone` answered as another account's, per account and day, with no captcha
  // to lift it: a session sweeping numbers learns five a day which are registered (decision 151).
  const takenPhoneAnswers = createRateLimiter({
    name: 'change-phone-taken',
    limit: PHONE_TAKEN_ANSWERS,
    windowMs: 24 * 60 * 60_000,
    limits: deps.rateLimits,
  });

  /**
   * Counts the attempt; answers 429 `captcha` when this address and key are over the limit.
   * `request.ip` is the visitor behind the web server (`TRUSTED_PROXIES`, docs/security.md).
   */
  function limited(kind: string, key: string, request: FastifyRequest, reply: FastifyReply) {
    return limitCall(limiter, `${kind}:${request.ip}:${key}`, request, reply, TOO_MANY);
  }

  /**
   * A sign-in with a code, counted as a password sign-in is: per address and login (`limited`),
   * and as a failed sign-in of the login from every address and of the address (`failedTooOften`,
   * given back when the code is right). Each address has its own few guesses at a code (decision
   * 209), so guesses spread over many addresses meet the captcha here. Undefined once `reply`
   * holds the 429.
   */
  async function countedCodeSignIn(
    request: FastifyRequest<{
      Body: { login: string; code: string; favourites_tours_ids?: number[] | undefined };
    }>,
    reply: FastifyReply,
  ): Promise<UserRow | undefined> {
    const typed = request.body.login.trim().toLowerCase();
    const account = parseLogin(request.body.login)?.value ?? typed;
    if (await limited('login', typed, request, reply)) return undefined;
    if (await failedTooOften(account, request, reply)) return undefined;
    const user = await signInByCode(request.body, request.ip);
    await Promise.all([failedSignIns.refund(account), failedFromAddress.refund(request.ip)]);
    return user;
  }

  /**
   * Counts a password sign-in for the login, then for the address, before the hash (both refunded
   * on success, so parallel guesses cannot all slip through); 429 `captcha` when either has failed
   * too often.
   */
  async function failedTooOften(account: string, request: FastifyRequest, reply: FastifyReply) {
    if (await limitCall(failedSignIns, account, request, reply, TOO_MANY)) return true;
    if (!(await limitCall(failedFromAddress, request.ip, request, reply, TOO_MANY))) return false;
    // Refused for the address: this attempt checks no password, so the login's count is untouched.
    await failedSignIns.refund(account);
    return true;
  }

  /**
   * Guesses at an account's password on `counter`, per account (`key`) from every address
   * together: counted before the hash, given back when right (`isPasswordGuessRight`); 429
   * `captcha` with `message` past the limit, lifted by a solved captcha.
   */
  function passwordGuesses(
    counter: RateLimiter,
    key: (userId: number) => string,
    request: FastifyRequest,
    message: string,
  ): PasswordGuesses {
    return {
      count: (userId) => assertAllowed(counter, key(userId), request, message),
      refund: (userId) => counter.refund(key(userId)),
    };
  }

  /**
   * Guesses at the signed-in account's current password, by `change-password` and `change-email`
   * alike, on one count per account: a stolen session goes anywhere, so a count per address let
   * it guess without end by changing addresses (probe 2026-12-06).
   */
  const currentPasswordGuesses = (request: FastifyRequest) =>
    passwordGuesses(limiter, (userId) => `current-password:${userId}`, request, TOO_MANY);

  /** The signed-in caller's profile once `change` ran (the session's admin mark kept). */
  async function changedProfile(
    request: FastifyRequest,
    change: (signed: Signed) => Promise<UserRow>,
  ) {
    const signed = await requireSigned(db, request);
    return toUserProfile(db, await change(signed), signed);
  }

  /**
   * A sign-in with the code a body carries, for the login as it was typed; the guess counts
   * against the visitor's address (`request.ip`, decision 209).
   */
  const signInByCode = (
    body: { login: string; code: string; favourites_tours_ids?: number[] | undefined },
    address: string,
  ) =>
    signInWithCode(
      db,
      loginOrFail(body.login),
      { code: body.code, address },
      body.favourites_tours_ids,
      sessionsEnded,
      claimSite,
    );

  return {
    async register(request, reply) {
      const email = normalizeEmail(request.body.email);
      const tooMany = await limited('register', email, request, reply);
      if (tooMany) return reply;
      await registerWithPassword(db, { ...request.body, email }, publicUrl, async () => {
        await mailLimits.beforeSignUp(request);
        await mailLimits.beforeSending('register', email, request);
      });
      return { result: true };
    },

    async login(request, reply) {
      const { login: typed, password } = request.body;
      const login = parseLogin(typed);
      const account = login?.value ?? typed.trim().toLowerCase();
      const tooMany =
        (await limited('login', account, request, reply)) ||
        (await failedTooOften(account, request, reply));
      if (tooMany) return reply;
      const user = await checkPassword(db, login, password);
      await Promise.all([failedSignIns.refund(account), failedFromAddress.refund(request.ip)]);
      return signInWithPassword(db, user, password, claimSite);
    },

    async logout(request) {
      const { sessionId } = await requireSigned(db, request);
      sessionsEnded(await revokeSession(db, sessionId));
      return { result: true };
    },

    async registerWithoutPassword(request, reply) {
      const body = request.body;
      const email = body.email ? normalizeEmail(body.email) : undefined;
      const phone = phoneOrFail(body.phone);
      const login = codeLogin(body.code_sender, email, phone);
      refuseUndeliverable(body.code_sender, deps.codeChannels, 'sign-in');
      const tooMany = await limited('code', login.value, request, reply);
      if (tooMany) return reply;
      await registerWithCode(
        db,
        { ...body, login, email, phone, sender: body.code_sender },
        async () => {
          await mailLimits.beforeSignUp(request);
          await mailLimits.beforeSending('register-code', login.value, request);
        },
      );
      return { result: true, code_sender: body.code_sender };
    },

    async requestEmailConfirmation(request, reply) {
      const { user } = await requireSigned(db, request);
      const tooMany = await limited('confirm-email', String(user.id), request, reply);
      if (tooMany) return reply;
      if (!user.email) {
        throw new HttpError(401, 'Add an email address first');
      }
      if (!user.emailConfirmedAt) {
        await mailLimits.beforeSending('confirm-email', user.email, request);
        await sendEmailConfirmation(db, user, publicUrl);
      }
      return { result: true };
    },

    async confirmEmail(request, reply) {
      const { token, password, not_mine: notMine } = request.body;
      const guesses = passwordGuesses(
        confirmationPasswords,
        String,
        request,
        TOO_MANY_CONFIRMATION_PASSWORDS,
      );
      try {
        return await confirmEmail(
          db,
          token,
          { password, notMine },
          {
            callerId: async () => (await findSigned(db, request))?.user.id,
            sessionsEnded,
            publicUrl,
            holdHours: claimSite.holdHours,
            guesses,
          },
        );
      } catch (error) {
        if (!(error instanceof PasswordAsked)) throw error;
        // The contract's `PasswordChallenge`: the error answer with the link's kind.
        return reply
          .code(403)
          .send({ message: error.message, errors: error.errors, link: error.link });
      }
    },

    async sendAuthCode(request, reply) {
      const { login: typed, code_sender: sender } = request.body;
      const login = loginOrFail(typed);
      const tooMany = await limited('code', login.value, request, reply);
      if (tooMany) return reply;
      if (senderNeedsEmail(sender) !== (login.kind === 'email')) {
        const wanted = login.kind === 'email' ? 'a phone number' : 'an email';
        throw unprocessable(`This way of sending a code needs ${wanted}`, {
          code_sender: [`This way of sending a code needs ${wanted}`],
        });
      }
      refuseUndeliverable(sender, deps.codeChannels, 'sign-in');
      // The same answer whether or not the login has an account (no account enumeration,
      // docs/security.md): only an existing account's address gets the code, and a login without
      // one gets a code stored and sent nowhere, so a guess is answered alike too. The resend
      // window and the recipient's cap count before the lookup, for both alike.
      await mailLimits.beforeSending('sign-in-code', login.value, request);
      const user = await findUserByLogin(db, login);
      await sendCode(db, {
        login: login.value,
        purpose: 'sign-in',
        sender,
        userId: user?.id ?? null,
      });
      return { result: true, code_sender: sender, resend_after: CODE_RESEND_AFTER_S };
    },

    async loginViaCode(request, reply) {
      const user = await countedCodeSignIn(request, reply);
      return user ? startCodeSession(db, user) : reply;
    },

    async redirectLoginViaCode(request, reply) {
      const user = await countedCodeSignIn(request, reply);
      if (!user) return reply;
      // The session is opened on the site by the one-time link, not in this answer.
      return { type: 'redirect' as const, url: await signInLink(db, user, publicUrl) };
    },

    async getProfile(request) {
      return changedProfile(request, async ({ user }) => user);
    },

    async updateProfile(request) {
      return changedProfile(request, ({ user }) => updateProfile(db, user, request.body));
    },

    async setLanguage(request) {
      const { user } = await requireSigned(db, request);
      await setLanguage(db, user, request.body.language_code);
      return { result: true };
    },

    async setCurrency(request) {
      const { user } = await requireSigned(db, request);
      await setCurrency(db, user, request.body.currency_code);
      return { result: true };
    },

    async recoverPassword(request, reply) {
      const email = normalizeEmail(request.body.email);
      const tooMany = await limited('recover', email, request, reply);
      if (tooMany) return reply;
      // The same answer either way: the call does not reveal who has an account.
      await mailLimits.beforeSending('reset-password', email, request);
      await recoverPassword(db, email, publicUrl);
      return { result: true };
    },

    async checkPasswordResetToken(request) {
      await checkResetLink(db, request.body.token);
      return { result: true };
    },

    async resetPassword(request, reply) {
      const tooMany = await limited('reset-password', 'any', request, reply);
      if (tooMany) return reply;
      return resetPassword(db, request.body, sessionsEnded, claimSite);
    },

    async changeCountry(request) {
      return changedProfile(request, ({ user }) =>
        changeCountry(db, user, request.body.country_id),
      );
    },

    async changeEmail(request, reply) {
      const signed = await requireSigned(db, request);
      const tooMany = await limited('change-email', String(signed.user.id), request, reply);
      if (tooMany) return reply;
      const email = normalizeEmail(request.body.email);
      const change = { email, password: request.body.password };
      const changed = await changeEmail(
        db,
        signed.user,
        change,
        publicUrl,
        currentPasswordGuesses(request),
        () => mailLimits.beforeSending('change-email', email, request),
      );
      return toUserProfile(db, changed, signed);
    },

    async changePassword(request) {
      const signed = await requireSigned(db, request);
      // Guesses at the current password from a stolen session meet the captcha after the
      // limit, counted per account from every address together (`currentPasswordGuesses`).
      const guesses = currentPasswordGuesses(request);
      // Other devices sign in again with the new password; this one stays signed in.
      await changePassword(db, signed, request.body, guesses, sessionsEnded, publicUrl);
      return { result: true };
    },

    async changePhone(request, reply) {
      const signed = await requireSigned(db, request);
      // Per account from every address together (a session goes anywhere), as change-password.
      const key = `change-phone:${signed.user.id}`;
      if (await limitCall(limiter, key, request, reply, TOO_MANY)) return reply;
      const phone = phoneOrFail(request.body.phone)!;
      const taken = {
        count: () => assertAllowed(takenPhoneAnswers, key, undefined, TOO_MANY_TAKEN_PHONES),
        refund: () => takenPhoneAnswers.refund(key),
      };
      return toUserProfile(db, await changePhone(db, signed.user, phone, taken), signed);
    },

    async listPhoneConfirmationMethods(request) {
      await requireSigned(db, request);
      return { methods: deliverableSenders(PHONE_CONFIRMATION_METHODS, deps.codeChannels) };
    },

    async sendConfirmationCode(request, reply) {
      const { user } = await requireSigned(db, request);
      const tooMany = await limited('code', String(user.id), request, reply);
      if (tooMany) return reply;
      refuseUndeliverable(request.body.code_sender, deps.codeChannels, 'confirm-phone');
      await sendPhoneConfirmation(db, user, request.body.code_sender);
      return { result: true };
    },

    async confirmPhone(request, reply) {
      const signed = await requireSigned(db, request);
      const tooMany = await limited('confirm-phone', String(signed.user.id), request, reply);
      if (tooMany) return reply;
      return toUserProfile(
        db,
        await confirmPhone(
          db,
          signed.user,
          { code: request.body.code, address: request.ip },
          claimSite,
        ),
        signed,
      );
    },

    async updateProfilePhoto(request) {
      return changedProfile(request, ({ user }) =>
        setProfilePhoto(db, user, request.body.avatar_id),
      );
    },

    async setActivity(request) {
      const { user } = await requireSigned(db, request);
      await markActive(db, user);
      return { result: true };
    },

    async refreshToken(request) {
      return refreshSession(db, request.body.refresh_token, (sessionIds) => {
        request.log.warn({ sessionIds }, 'a reused refresh token ended its session');
        sessionsEnded(sessionIds);
      });
    },

    async accessTokenByOneTimeToken(request) {
      return signInWithLink(db, request.body.token, claimSite);
    },

    async getUserInfoData(request) {
      const { user } = await requireSigned(db, request);
      const staff = user.role === 'support';
      return { permissions: { can_use_knowledge: staff, can_view_commission: staff } };
    },
  };
}
