/**
 * Accounts (docs/product.md, Calls, "User"; decisions, "Accounts and notifications"): registration
 * with a password or a one-time code, sign-in, sessions, links sent by email, and the settings a
 * traveller changes. Sign-in and codes are rate-limited per address and login (429 `captcha` or
 * `hard_captcha`, lifted by a solved captcha: decision 094).
 */
import { isCurrencyCode } from '@gallop/currency';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceHandlers } from '#src/contract.ts';
import type { Database } from '#src/db/client.ts';
import { users } from '#src/db/schema/index.ts';
import { HttpError, unprocessable } from '#src/http/http-error.ts';
import {
  createRateLimiter,
  limitCall,
  type RateLimiter,
  type RateLimits,
} from '#src/http/rate-limit.ts';
import { findCountry } from '#src/modules/content/index.ts';
import {
  CODE_RESEND_AFTER_S,
  senderNeedsEmail,
  sendCode,
  verifyCode,
  type CodeSender,
} from './codes.ts';
import { mergeFavourites } from './favourites.ts';
import {
  consumeLinkToken,
  createLinkToken,
  expiredLink,
  findAnyLinkToken,
  findLinkToken,
} from './links.ts';
import { normalizeEmail, normalizePhone, parseLogin, type Login } from './logins.ts';
import {
  PHONE_NOT_SAVED,
  sendEmailConfirmation,
  sendPasswordReset,
  sendRegistrationAttempt,
} from './mail.ts';
import { assertStrongPassword } from './password-strength.ts';
import { hashPassword, needsRehash, verifyPassword } from './passwords.ts';
import {
  findSigned,
  openSession,
  refreshSession,
  requireSigned,
  revokeOtherSessions,
  revokeSession,
  unauthorized,
  type SessionsEnded,
  type UserRow,
} from './sessions.ts';
import {
  assertLoginsFree,
  EMAIL_TAKEN,
  findUserById,
  findUserByLogin,
  isUniqueViolation,
  requiredText,
  toUserProfile,
  validTimezone,
} from './users.ts';
import { claimGuestBookings } from '#src/modules/bookings/index.ts';

export interface AccountsDeps {
  db: Database;
  content?: { publicUrl?: string | undefined } | undefined;
  /** Sign-in attempts and codes per address and login in 15 minutes (default 10). */
  authLimit?: number | undefined;
  /** Failed password sign-ins per login, from all addresses, in 15 minutes (default 20). */
  authAccountLimit?: number | undefined;
  limiter?: RateLimiter;
  /** The app's rate limits (Redis or memory; a solved captcha lifts them). */
  rateLimits?: RateLimits | undefined;
  /** Ends the live connections of sessions that end (the chat socket's). */
  sessionsEnded?: SessionsEnded | undefined;
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
  | 'getUserInfoData';

const DEFAULT_PUBLIC_URL = 'http://127.0.0.1:3000';
const TOO_MANY = 'Too many attempts. Please confirm you are not a robot.';
const INVALID_CREDENTIALS = 'Invalid login or password';
const DO_NOT_MATCH = 'Do not match';
const WRONG_PASSWORD = 'Wrong password';
/** Interface languages a user may save (the web's locales and their short forms). */
const LANGUAGES = new Set(['en', 'en-US', 'ru', 'de', 'zh', 'zh-CN']);
/** How a phone can be confirmed on this site. */
const PHONE_CONFIRMATION_METHODS: CodeSender[] = ['sms', 'whatsapp', 'telegram'];

export function accountsHandlers(deps: AccountsDeps): Pick<ServiceHandlers, AccountOperation> {
  const { db } = deps;
  const sessionsEnded = deps.sessionsEnded ?? (() => {});
  const publicUrl = deps.content?.publicUrl ?? DEFAULT_PUBLIC_URL;
  const limiter =
    deps.limiter ??
    createRateLimiter({
      name: 'accounts',
      limit: deps.authLimit ?? 10,
      windowMs: 15 * 60_000,
      limits: deps.rateLimits,
    });

  // Failed password sign-ins per login from every address: a botnet guessing one account's
  // password (or stuffing credentials) meets the captcha however many addresses it has.
  const failedSignIns = createRateLimiter({
    name: 'failed-sign-ins',
    limit: deps.authAccountLimit ?? 20,
    windowMs: 15 * 60_000,
    limits: deps.rateLimits,
  });

  /**
   * Counts the attempt; answers 429 `captcha` when this address and key are over the limit.
   * `request.ip` is the visitor behind the web server (`TRUSTED_PROXIES`, docs/security.md).
   */
  function limited(kind: string, key: string, request: FastifyRequest, reply: FastifyReply) {
    return limitCall(limiter, `${kind}:${request.ip}:${key}`, request, reply, TOO_MANY);
  }

  /** `limited` for a sign-in with a code, keyed by the login as typed (trimmed, lower case). */
  function limitedCodeLogin(
    request: FastifyRequest<{ Body: { login: string } }>,
    reply: FastifyReply,
  ) {
    return limited('login', request.body.login.trim().toLowerCase(), request, reply);
  }

  /**
   * Counts a password sign-in for the login before the hash (refunded on success, so parallel
   * guesses cannot all slip through); 429 `captcha` when it has failed too often.
   */
  function failedTooOften(account: string, request: FastifyRequest, reply: FastifyReply) {
    return limitCall(failedSignIns, account, request, reply, TOO_MANY);
  }

  function loginOrFail(login: string, field = 'login'): Login {
    const parsed = parseLogin(login);
    if (!parsed) {
      throw unprocessable('Please enter a valid e-mail or phone number', {
        [field]: ['Please enter a valid e-mail or phone number'],
      });
    }
    return parsed;
  }

  function phoneOrFail(phone: string | undefined): string | undefined {
    if (phone === undefined || phone.trim() === '') return undefined;
    const normalized = normalizePhone(phone);
    if (!normalized) {
      throw unprocessable('Please enter a valid phone number', {
        phone: ['Please enter a valid phone number'],
      });
    }
    return normalized;
  }

  function assertConfirmed(password: string, confirmation: string) {
    if (password !== confirmation) {
      throw unprocessable(DO_NOT_MATCH, { confirm_password: [DO_NOT_MATCH] });
    }
  }

  async function session(user: UserRow, options: { isAdminAuth?: boolean } = {}) {
    const tokens = await openSession(db, user.id, options);
    return { ...tokens, user: await toUserProfile(db, user, options) };
  }

  /**
   * Stores a password that just verified again with today's hash (an scrypt one becomes
   * argon2id), unless it was changed in the meantime.
   */
  async function rehashPassword(user: UserRow, password: string) {
    const passwordHash = await hashPassword(password);
    await db
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash!)));
  }

  async function signedProfile(request: FastifyRequest) {
    const signed = await requireSigned(db, request);
    return { signed, profile: () => toUserProfile(db, signed.user, signed) };
  }

  async function updateUser(id: number, values: Partial<typeof users.$inferInsert>) {
    try {
      const [row] = await db
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return row!;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const field = values.email !== undefined ? 'email' : 'phone';
      throw unprocessable(EMAIL_TAKEN, { [field]: ['This login is already registered'] });
    }
  }

  /** The code sender's address for a login: email codes need an email, the rest a phone. */
  function codeLogin(sender: CodeSender, email?: string, phone?: string): Login {
    if (senderNeedsEmail(sender)) {
      if (!email) throw unprocessable('Required field', { email: ['Required field'] });
      return { kind: 'email', value: email };
    }
    if (!phone) throw unprocessable('Required field', { phone: ['Required field'] });
    return { kind: 'phone', value: phone };
  }

  /** Signs in with a code: the code also proves the address, so it counts as confirmed. */
  async function signInWithCode(body: {
    login: string;
    code: string;
    favourites_tours_ids?: number[] | undefined;
  }) {
    const login = loginOrFail(body.login);
    await verifyCode(db, { login: login.value, purpose: 'sign-in', code: body.code });
    const user = await findUserByLogin(db, login);
    if (!user) throw unprocessable('Invalid code', { code: ['Invalid code'] });
    const confirmed =
      login.kind === 'email'
        ? { emailConfirmedAt: user.emailConfirmedAt ?? new Date() }
        : { phoneConfirmedAt: user.phoneConfirmedAt ?? new Date() };
    const updated = await updateUser(user.id, { ...confirmed, lastActiveAt: new Date() });
    // The code proved the address: bookings made with it while signed out are the user's now.
    if (login.kind === 'email')
      await claimGuestBookings(db, { userId: user.id, email: login.value });
    await mergeFavourites(db, user.id, body.favourites_tours_ids);
    return updated;
  }

  return {
    async register(request, reply) {
      const body = request.body;
      const email = normalizeEmail(body.email);
      const tooMany = await limited('register', email, request, reply);
      if (tooMany) return reply;
      const firstName = requiredText('first_name', body.first_name);
      const lastName = requiredText('last_name', body.last_name);
      assertConfirmed(body.password, body.confirm_password);
      const phone = phoneOrFail(body.phone);
      const timezone = validTimezone(body.timezone);
      await assertStrongPassword(body.password, { email, firstName, lastName });
      // From here on a taken address and a new one answer alike, in about the same time (both
      // hash): only the address's inbox learns which it was (no account enumeration).
      const passwordHash = await hashPassword(body.password);
      const owner = await findUserByLogin(db, { kind: 'email', value: email });
      if (owner) {
        await sendRegistrationAttempt(db, owner, publicUrl);
        return { result: true };
      }
      // A phone of another account is left out, and said so in the e-mail only.
      const phoneTaken = phone && (await findUserByLogin(db, { kind: 'phone', value: phone }));
      try {
        await db.transaction(async (tx) => {
          const [created] = await tx
            .insert(users)
            .values({
              firstName,
              lastName,
              email,
              phone: phoneTaken ? undefined : phone,
              passwordHash,
              timezone,
            })
            .returning();
          await sendEmailConfirmation(
            tx,
            created!,
            publicUrl,
            phoneTaken ? PHONE_NOT_SAVED : undefined,
          );
        });
      } catch (error) {
        // The same address registered at the same moment: that request sent the e-mail.
        if (!isUniqueViolation(error)) throw error;
      }
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
      const user = login ? await findUserByLogin(db, login) : undefined;
      // The same answer (and a hash's worth of time) whether the login or the password is wrong.
      const matches = await verifyPassword(password, user?.passwordHash ?? null);
      if (!user || !matches) throw unauthorized(INVALID_CREDENTIALS);
      await failedSignIns.refund(account);
      if (needsRehash(user.passwordHash)) await rehashPassword(user, password);
      return session(await updateUser(user.id, { lastActiveAt: new Date() }));
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
      const tooMany = await limited('code', login.value, request, reply);
      if (tooMany) return reply;
      const existing = await findUserByLogin(db, login);
      if (!existing) {
        const firstName = requiredText('first_name', body.first_name);
        const lastName = body.last_name?.trim() || null;
        if (body.country_id !== undefined && !(await findCountry(db, body.country_id))) {
          throw unprocessable('Unknown country', { country_id: ['Unknown country'] });
        }
        await assertLoginsFree(db, { email, phone });
        try {
          const [created] = await db
            .insert(users)
            .values({
              firstName,
              lastName,
              email,
              phone,
              timezone: validTimezone(body.timezone),
              countryId: body.country_id,
            })
            .returning();
          await mergeFavourites(db, created!.id, body.favourites_tours_ids);
        } catch (error) {
          if (isUniqueViolation(error)) throw unprocessable(EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
          throw error;
        }
      }
      // An existing account simply gets a sign-in code: registering twice is signing in.
      await sendCode(db, { login: login.value, purpose: 'sign-in', sender: body.code_sender });
      return { result: true, code_sender: body.code_sender };
    },

    async requestEmailConfirmation(request, reply) {
      const { user } = await requireSigned(db, request);
      const tooMany = await limited('confirm-email', String(user.id), request, reply);
      if (tooMany) return reply;
      if (!user.email) {
        throw new HttpError(401, 'Add an email address first');
      }
      if (!user.emailConfirmedAt) await sendEmailConfirmation(db, user, publicUrl);
      return { result: true };
    },

    async confirmEmail(request) {
      const { token } = request.body;
      const link = await consumeLinkToken(db, 'confirm-email', token).catch(async (error) => {
        // Clicked again after it worked: still "confirmed" while the address is the link's.
        const spent = await findAnyLinkToken(db, 'confirm-email', token);
        const owner = spent?.usedAt ? await findUserById(db, spent.userId) : undefined;
        if (owner?.emailConfirmedAt && owner.email === spent?.email) return spent!;
        throw error;
      });
      const user = await findUserById(db, link.userId);
      if (!user || user.email !== link.email) throw expiredLink();
      const confirmed = await updateUser(user.id, {
        emailConfirmedAt: user.emailConfirmedAt ?? new Date(),
      });
      if (link.email) await claimGuestBookings(db, { userId: user.id, email: link.email });
      const profile = await toUserProfile(db, confirmed);
      // The click that confirms the address signs in a visitor without a session: that is how a
      // registration ends. The link proves the inbox, as a password reset link does.
      if (user.emailConfirmedAt || (await findSigned(db, request))) return profile;
      return { ...profile, ...(await openSession(db, user.id)) };
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
      // The same answer whether or not the login has an account (no account enumeration,
      // docs/security.md): only an existing account's address gets the code.
      const user = await findUserByLogin(db, login);
      if (user) await sendCode(db, { login: login.value, purpose: 'sign-in', sender });
      return { result: true, code_sender: sender, resend_after: CODE_RESEND_AFTER_S };
    },

    async loginViaCode(request, reply) {
      if (await limitedCodeLogin(request, reply)) return reply;
      return session(await signInWithCode(request.body));
    },

    async redirectLoginViaCode(request, reply) {
      if (await limitedCodeLogin(request, reply)) return reply;
      const user = await signInWithCode(request.body);
      // The session is opened on the site by the one-time link, not in this answer.
      const token = await createLinkToken(db, user.id, 'sign-in');
      const url = new URL('/login-via-token', publicUrl);
      url.searchParams.set('token', token);
      return { type: 'redirect' as const, url: url.href };
    },

    async getProfile(request) {
      return (await signedProfile(request)).profile();
    },

    async updateProfile(request) {
      const { signed } = await signedProfile(request);
      const { first_name: firstName, last_name: lastName, timezone } = request.body;
      const updated = await updateUser(signed.user.id, {
        ...(firstName !== undefined ? { firstName: requiredText('first_name', firstName) } : {}),
        ...(lastName !== undefined ? { lastName: requiredText('last_name', lastName) } : {}),
        ...(timezone !== undefined ? { timezone: validTimezone(timezone) ?? null } : {}),
      });
      return toUserProfile(db, updated, signed);
    },

    async setLanguage(request) {
      const { user } = await requireSigned(db, request);
      const code = request.body.language_code.trim();
      if (!LANGUAGES.has(code)) {
        throw unprocessable('Unsupported language', { language_code: ['Unsupported language'] });
      }
      await updateUser(user.id, { languageCode: code });
      return { result: true };
    },

    async setCurrency(request) {
      const { user } = await requireSigned(db, request);
      const code = request.body.currency_code;
      if (!isCurrencyCode(code)) {
        throw unprocessable('Unsupported currency', { currency_code: ['Unsupported currency'] });
      }
      await updateUser(user.id, { currencyCode: code });
      return { result: true };
    },

    async recoverPassword(request, reply) {
      const email = normalizeEmail(request.body.email);
      const tooMany = await limited('recover', email, request, reply);
      if (tooMany) return reply;
      const user = await findUserByLogin(db, { kind: 'email', value: email });
      // The same answer either way: the call does not reveal who has an account.
      if (user) await sendPasswordReset(db, user, publicUrl);
      return { result: true };
    },

    async checkPasswordResetToken(request) {
      if (!(await findLinkToken(db, 'reset-password', request.body.token))) throw expiredLink();
      return { result: true };
    },

    async resetPassword(request, reply) {
      const tooMany = await limited('reset-password', 'any', request, reply);
      if (tooMany) return reply;
      // The link is checked before the memory-hard hash: a made-up token costs one indexed
      // lookup, not a hash (120 such requests at once slowed real sign-ins from 0.5 s to 37 s).
      const pending = await findLinkToken(db, 'reset-password', request.body.token);
      if (!pending) throw expiredLink();
      await assertStrongPassword(request.body.password, await findUserById(db, pending.userId));
      const passwordHash = await hashPassword(request.body.password);
      const link = await consumeLinkToken(db, 'reset-password', request.body.token);
      sessionsEnded(await revokeOtherSessions(db, link.userId));
      const user = await findUserById(db, link.userId);
      if (!user) throw expiredLink();
      // The link came to the inbox, so the address is proven too.
      const updated = await updateUser(user.id, {
        passwordHash,
        emailConfirmedAt: user.emailConfirmedAt ?? new Date(),
      });
      return session(updated);
    },

    async changeCountry(request) {
      const { signed } = await signedProfile(request);
      if (!(await findCountry(db, request.body.country_id))) {
        throw unprocessable('Unknown country', { country_id: ['Unknown country'] });
      }
      const updated = await updateUser(signed.user.id, { countryId: request.body.country_id });
      return toUserProfile(db, updated, signed);
    },

    async changeEmail(request, reply) {
      const { signed } = await signedProfile(request);
      const { user } = signed;
      const tooMany = await limited('change-email', String(user.id), request, reply);
      if (tooMany) return reply;
      const email = normalizeEmail(request.body.email);
      if (
        user.passwordHash &&
        !(await verifyPassword(request.body.password ?? '', user.passwordHash))
      ) {
        throw unprocessable(WRONG_PASSWORD, { password: [WRONG_PASSWORD] });
      }
      if (email === user.email) return toUserProfile(db, user, signed);
      await assertLoginsFree(db, { email }, user.id);
      const updated = await updateUser(user.id, { email, emailConfirmedAt: null });
      await sendEmailConfirmation(db, updated, publicUrl);
      return toUserProfile(db, updated, signed);
    },

    async changePassword(request) {
      const { user, sessionId } = await requireSigned(db, request);
      const { old_password: oldPassword, password, confirm_password: confirmation } = request.body;
      if (user.passwordHash && !(await verifyPassword(oldPassword ?? '', user.passwordHash))) {
        throw unprocessable(WRONG_PASSWORD, { old_password: [WRONG_PASSWORD] });
      }
      assertConfirmed(password, confirmation);
      await assertStrongPassword(password, user);
      await updateUser(user.id, { passwordHash: await hashPassword(password) });
      // Other devices sign in again with the new password; this one stays signed in.
      sessionsEnded(await revokeOtherSessions(db, user.id, sessionId));
      return { result: true };
    },

    async changePhone(request, reply) {
      const { signed } = await signedProfile(request);
      const tooMany = await limited('change-phone', String(signed.user.id), request, reply);
      if (tooMany) return reply;
      const phone = phoneOrFail(request.body.phone)!;
      if (phone === signed.user.phone) return toUserProfile(db, signed.user, signed);
      await assertLoginsFree(db, { phone }, signed.user.id);
      const updated = await updateUser(signed.user.id, { phone, phoneConfirmedAt: null });
      return toUserProfile(db, updated, signed);
    },

    async listPhoneConfirmationMethods(request) {
      await requireSigned(db, request);
      return { methods: PHONE_CONFIRMATION_METHODS };
    },

    async sendConfirmationCode(request, reply) {
      const { user } = await requireSigned(db, request);
      const sender = request.body.code_sender;
      const tooMany = await limited('code', String(user.id), request, reply);
      if (tooMany) return reply;
      if (!user.phone)
        throw unprocessable('Add a phone number first', { phone: ['Required field'] });
      if (!PHONE_CONFIRMATION_METHODS.includes(sender)) {
        throw unprocessable('This way of sending a code is not available', {
          code_sender: ['This way of sending a code is not available'],
        });
      }
      await sendCode(db, { login: user.phone, purpose: 'confirm-phone', sender });
      return { result: true };
    },

    async confirmPhone(request, reply) {
      const { signed } = await signedProfile(request);
      const { user } = signed;
      const tooMany = await limited('confirm-phone', String(user.id), request, reply);
      if (tooMany) return reply;
      if (!user.phone)
        throw unprocessable('Add a phone number first', { phone: ['Required field'] });
      await verifyCode(db, {
        login: user.phone,
        purpose: 'confirm-phone',
        code: request.body.code,
      });
      const updated = await updateUser(user.id, { phoneConfirmedAt: new Date() });
      return toUserProfile(db, updated, signed);
    },

    async setActivity(request) {
      const { user } = await requireSigned(db, request);
      await db.update(users).set({ lastActiveAt: new Date() }).where(eq(users.id, user.id));
      return { result: true };
    },

    async refreshToken(request) {
      return refreshSession(db, request.body.refresh_token, (sessionIds) => {
        request.log.warn({ sessionIds }, 'a reused refresh token ended its session');
        sessionsEnded(sessionIds);
      });
    },

    async accessTokenByOneTimeToken(request) {
      const link = await consumeLinkToken(db, 'sign-in', request.body.token);
      const user = await findUserById(db, link.userId);
      if (!user) throw expiredLink();
      return session(user);
    },

    async getUserInfoData(request) {
      const { user } = await requireSigned(db, request);
      const staff = user.role === 'support';
      return { permissions: { can_use_knowledge: staff, can_view_commission: staff } };
    },
  };
}
