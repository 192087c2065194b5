/**
 * The search calls' rate limit (`/spa/tours`, `/spa/tours-page`, the search box's suggestions and
 * the city search): calls per visitor address and minute, counted like the API's other limits
 * (Redis or memory, `http/rate-limit.ts`). Over it the call answers 429 `captcha` (`hard_captcha`
 * after repeated blocks), which the web's captcha dialog solves; the solved call goes through.
 *
 * It runs as the routes' first `onRequest` hook, before the cached-answer fast path: a scraper
 * walking the catalogue is counted whether or not its pages were cached.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createRateLimiter, limitCall, type RateLimits } from '#src/http/rate-limit.ts';

/** The window searches are counted in. */
const SEARCH_LIMIT_WINDOW_MS = 60_000;

export const TOO_MANY_SEARCHES = 'Too many searches. Please confirm you are not a robot.';

export type SearchLimitHook = (
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<FastifyReply | undefined>;

/** The hook that counts a search and refuses it over `limit` per address and minute. */
export function createSearchLimit(options: {
  limit: number;
  limits?: RateLimits | undefined;
}): SearchLimitHook {
  const limiter = createRateLimiter({
    name: 'search',
    limit: options.limit,
    windowMs: SEARCH_LIMIT_WINDOW_MS,
    limits: options.limits,
  });
  return async (request, reply) => {
    const refused = await limitCall(limiter, request.ip, request, reply, TOO_MANY_SEARCHES);
    return refused ? reply : undefined;
  };
}
