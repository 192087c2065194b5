import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceHandlers } from '#src/contract.ts';
import type { Database } from '#src/db/client.ts';
import { chats, organizers } from '#src/db/schema/index.ts';
import { forbidden, HttpError, notFound } from '#src/http/http-error.ts';
import {
  createRateLimiter,
  sendTooMany,
  type CaptchaLevel,
  type RateLimiter,
  type RateLimits,
} from '#src/http/rate-limit.ts';
import { findSigned, requireSigned, signServiceToken } from '#src/modules/sessions/index.ts';
import { findChatFor, loadViewer, sideOf } from '#src/modules/chat/index.ts';
import {
  isRowId,
  issuePhoneCode,
  lineForCountry,
  type IssuedPhoneCode,
  type PhoneCodeRequest,
  type PhoneCodeTarget,
} from './codes.ts';

/** How long a web call widget's token is accepted. */
const WEB_CALL_TOKEN_TTL_MS = 10 * 60_000;

/**
 * docs/product.md, Roles, site switches: web calls to the organizer are enabled for this site, web
 * calls to support are not.
 */
const WEB_CALLS = { organizer: true, support: false } as const;

const TOO_MANY_CODES = 'Too many phone codes. Please confirm you are not a robot.';

/** Thrown before a new code is stored when the requester is over the limit. */
class TooManyCodes extends Error {
  constructor(readonly captcha: CaptchaLevel) {
    super('Too many phone codes');
  }
}

export interface PhoneCodeDeps {
  db: Database;
  /** New codes per requester (account or address) in 15 minutes before a captcha (429). */
  phoneCodeLimit?: number | undefined;
  /** The app's rate limits (Redis or memory; a solved captcha lifts them). */
  rateLimits?: RateLimits | undefined;
  /**
   * Signs the web call widget's tokens (the call service holds it too); none: web calls are off
   * (NODE_ENV=production without CALL_SECRET, see `resolveSharedSecrets`).
   */
  callSecret?: string | undefined;
}

/** What the widget is told when it must not offer a call. */
const WEB_CALL_OFF = { enabled: false, token: null, number: null };

const badRequest = (message: string, errors?: Record<string, string[]>) =>
  new HttpError(400, message, errors);

function checkTimezone(timezone: string | undefined): string | undefined {
  if (timezone === undefined || timezone === '') return undefined;
  try {
    new Intl.DateTimeFormat('en', { timeZone: timezone });
    return timezone;
  } catch {
    throw badRequest('Invalid request', { timezone: ['Unknown time zone'] });
  }
}

/** Codes for calls to organizers and about chats, and the web call widget's data. */
export function phoneCodesHandlers(
  deps: PhoneCodeDeps,
): Pick<ServiceHandlers, 'getOrganizerPhoneCode' | 'getUserPhoneCode' | 'getWebCallData'> {
  const { db } = deps;
  const limiter: RateLimiter = createRateLimiter({
    name: 'phone-codes',
    limit: deps.phoneCodeLimit ?? 10,
    windowMs: 15 * 60_000,
    limits: deps.rateLimits,
  });
  const secret = deps.callSecret;

  /** Counts a new code for the requester (the account, or the address when signed out). */
  const counter = (requesterKey: string, call: FastifyRequest) => async () => {
    const verdict = await limiter.allow(`phone-code:${requesterKey}`, call);
    if (!verdict.allowed) throw new TooManyCodes(verdict.captcha);
  };

  async function issue(
    call: FastifyRequest,
    reply: FastifyReply,
    request: Omit<PhoneCodeRequest, 'beforeCreate'>,
  ): Promise<IssuedPhoneCode | FastifyReply> {
    try {
      return await issuePhoneCode(db, {
        ...request,
        beforeCreate: counter(request.requesterKey, call),
      });
    } catch (error) {
      if (error instanceof TooManyCodes) return sendTooMany(reply, TOO_MANY_CODES, error);
      throw error;
    }
  }

  async function publishedOrganizer(id: number) {
    if (!isRowId(id)) return undefined;
    const [row] = await db
      .select({ id: organizers.id })
      .from(organizers)
      .where(and(eq(organizers.id, id), eq(organizers.isPublishedOnSite, true)))
      .limit(1);
    return row;
  }

  return {
    async getOrganizerPhoneCode(request, reply) {
      const { tour_organizer_id, country_id, timezone } = request.query;
      const zone = checkTimezone(timezone);
      if (!(await publishedOrganizer(tour_organizer_id))) throw notFound('Organizer not found');
      const signed = await findSigned(db, request);
      return issue(request, reply, {
        target: { kind: 'organizer', organizerId: tour_organizer_id },
        requesterKey: signed ? `user:${signed.user.id}` : `ip:${request.ip}`,
        userId: signed?.user.id ?? null,
        countryId: country_id ?? signed?.user.countryId ?? undefined,
        timezone: zone ?? signed?.user.timezone ?? undefined,
      });
    },

    async getUserPhoneCode(request, reply) {
      const { user } = await requireSigned(db, request);
      const { chat } = await findChatFor(db, await loadViewer(db, user), request.query.chat_id);
      return issue(request, reply, {
        target: { kind: 'chat', chatId: chat.id },
        requesterKey: `user:${user.id}`,
        userId: user.id,
        countryId: request.query.country_id ?? user.countryId ?? undefined,
        timezone: user.timezone ?? undefined,
      });
    },

    async getWebCallData(request) {
      const { user } = await requireSigned(db, request);
      const { is_support_call, organizer_id, chat_id } = request.query;
      const asked = [is_support_call === 1, organizer_id !== undefined, chat_id !== undefined];
      if (asked.filter(Boolean).length !== 1) {
        throw badRequest('Give one of is_support_call=1, organizer_id or chat_id', {
          organizer_id: ['Give one call target'],
        });
      }
      // Off for this kind of call, or no secret the call service would accept.
      if (!secret || !WEB_CALLS[is_support_call === 1 ? 'support' : 'organizer']) {
        return WEB_CALL_OFF;
      }

      let target: PhoneCodeTarget;
      if (chat_id !== undefined) {
        const viewer = await loadViewer(db, user);
        const [chat] = isRowId(chat_id)
          ? await db.select().from(chats).where(eq(chats.id, chat_id)).limit(1)
          : [];
        if (!chat || !sideOf(chat, viewer)) throw forbidden('You take no part in this chat');
        target = { kind: 'chat', chatId: chat.id };
      } else if (organizer_id !== undefined) {
        const organizer = await publishedOrganizer(organizer_id);
        if (!organizer) {
          throw badRequest('Unknown organizer', { organizer_id: ['No such organizer'] });
        }
        target = { kind: 'organizer', organizerId: organizer.id };
      } else {
        throw badRequest('Web calls to support are not available');
      }
      // The widget dials the line; the token says who calls and whom (the call service checks
      // it with the same secret), so no code needs to be said.
      const line = await lineForCountry(db, user.countryId ?? undefined);
      if (!line) return WEB_CALL_OFF;
      const { token } = signServiceToken(
        secret,
        {
          sub: user.id,
          kind: target.kind,
          target: target.kind === 'chat' ? target.chatId : target.organizerId,
        },
        WEB_CALL_TOKEN_TTL_MS,
      );
      return { enabled: true, token, number: line.phone };
    },
  };
}
