/**
 * Rate limits and the captcha that lifts them (issue 43, finding 5; decision 094).
 *
 * A limit counts calls per key (an address, a login, a user) in a window. Over it, the call is
 * refused with 429 and the contract's `CaptchaRequired` body: `type: captcha`, or `hard_captcha`
 * once the key has been blocked `HARD_CAPTCHA_AFTER` times within a day. The client solves the
 * captcha and sends the call again with the solution in `X-Captcha`: a valid, unexpired, unused
 * solution of the asked level lets that call through and starts the key's window afresh.
 *
 * Counts live in Redis (shared by every API process) when `REDIS_URL` is set, in memory
 * otherwise (`counter-store.ts`), with rate-limiter-flexible either way.
 */
import type { FastifyReply } from 'fastify';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { createCounterStore, TableFull, type CounterStore } from './counter-store.ts';
import { CaptchaRequiredError } from './http-error.ts';

export type CaptchaLevel = 'captcha' | 'hard_captcha';

export type LimitVerdict = { allowed: true } | { allowed: false; captcha: CaptchaLevel };

/** The header a retried call carries its solved captcha in (an ALTCHA payload, base64). */
export const CAPTCHA_HEADER = 'x-captcha';

/** Blocks of one key are remembered this long to decide on the harder captcha. */
const BLOCK_MEMORY_MS = 24 * 60 * 60_000;
/** The block of a key, counted within `BLOCK_MEMORY_MS`, from which `hard_captcha` is asked. */
const HARD_CAPTCHA_AFTER = 3;

/** What carries a solved captcha: the request (its `X-Captcha` header). */
export interface CaptchaCarrier {
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
}

/** Checks a solved captcha and marks it used, so that it lets one call through only. */
export interface CaptchaVerifier {
  /** The level the solution proves; undefined when it is malformed, wrong, expired or used. */
  verify(payload: string): Promise<CaptchaLevel | undefined>;
}

export interface RateLimiter {
  /**
   * Counts a call against `key`. Over the limit the verdict names the captcha to ask for; a call
   * that carries a solution of that level (`request`'s `X-Captcha`) is let through instead.
   */
  allow(key: string, request?: CaptchaCarrier): Promise<LimitVerdict>;
  /**
   * Takes back one counted call, for limits on failures: count every attempt before the work
   * (so parallel attempts cannot all slip through) and refund the ones that succeed.
   */
  refund(key: string): Promise<void>;
}

export interface LimitOptions {
  /** Unique per limit: it names the limit's keys in the store. */
  name: string;
  limit: number;
  windowMs: number;
}

/** The app's limits: one counter store and one captcha for all of them. */
export interface RateLimits {
  limiter(options: LimitOptions): RateLimiter;
}

export interface RateLimitsOptions {
  /** Where counts live; a store of its own in memory by default. */
  store?: CounterStore | undefined;
  /** Checks solutions; without it no captcha lifts a limit. */
  captcha?: CaptchaVerifier | undefined;
  /** The block from which `hard_captcha` is asked (default `HARD_CAPTCHA_AFTER`). */
  hardCaptchaAfter?: number | undefined;
  /** Told of every refused call: the limit's name and the captcha asked (metrics). */
  onRefused?: ((limit: string, captcha: CaptchaLevel) => void) | undefined;
}

const ALLOWED: LimitVerdict = { allowed: true };
const RANK: Record<CaptchaLevel, number> = { captcha: 1, hard_captcha: 2 };
/** ALTCHA payloads are about 600 characters; anything much longer is not one. */
const MAX_PAYLOAD_LENGTH = 4_096;

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1_000));

export function createRateLimits(options: RateLimitsOptions = {}): RateLimits {
  const store = options.store ?? createCounterStore();
  const hardAfter = options.hardCaptchaAfter ?? HARD_CAPTCHA_AFTER;
  // One verification per request, whatever number of limits it meets (a sign-in meets two):
  // the first use marks the solution used, and a second check would refuse it.
  const solutions = new WeakMap<object, Promise<CaptchaLevel | undefined>>();

  function solvedLevel(request: CaptchaCarrier | undefined): Promise<CaptchaLevel | undefined> {
    const verifier = options.captcha;
    if (!request || !verifier) return Promise.resolve(undefined);
    let level = solutions.get(request);
    if (!level) {
      const payload = request.headers[CAPTCHA_HEADER];
      level =
        typeof payload === 'string' && payload.length <= MAX_PAYLOAD_LENGTH
          ? verifier.verify(payload).catch(() => undefined)
          : Promise.resolve(undefined);
      solutions.set(request, level);
    }
    return level;
  }

  return {
    limiter({ name, limit, windowMs }) {
      const counts = store.counter(name, limit, seconds(windowMs));
      const blocks = store.counter(`${name}:blocks`, hardAfter, seconds(BLOCK_MEMORY_MS));

      /** The captcha a refused call must solve; the window's first refusal is a new block. */
      async function asked(
        key: string,
        refused: RateLimiterRes | undefined,
      ): Promise<CaptchaLevel> {
        try {
          const record =
            refused?.consumedPoints === limit + 1
              ? await blocks.penalty(key)
              : await blocks.get(key);
          return (record?.consumedPoints ?? 0) >= hardAfter ? 'hard_captcha' : 'captcha';
        } catch {
          // The in-memory table of blocks is full: the plain captcha still stands.
          return 'captcha';
        }
      }

      return {
        async allow(key, request) {
          let refused: RateLimiterRes | undefined;
          try {
            await counts.consume(key);
            return ALLOWED;
          } catch (error) {
            if (error instanceof RateLimiterRes) refused = error;
            else if (!(error instanceof TableFull)) throw error;
          }
          const level = await asked(key, refused);
          const solved = await solvedLevel(request);
          if (solved === undefined || RANK[solved] < RANK[level]) {
            options.onRefused?.(name, level);
            return { allowed: false, captcha: level };
          }
          // Solved: this call goes through and counts as the first of a new window.
          await counts.delete(key);
          await counts.consume(key).catch(() => undefined);
          return ALLOWED;
        },
        async refund(key) {
          const current = await counts.get(key);
          if (current && current.consumedPoints > 0) await counts.reward(key);
        },
      };
    },
  };
}

/**
 * A limit of its own, for code built without the app's limits (module tests): counted in this
 * process, and no captcha lifts it.
 */
export function createRateLimiter(
  options: LimitOptions & { limits?: RateLimits | undefined },
): RateLimiter {
  return (options.limits ?? createRateLimits()).limiter(options);
}

/** What a refused call says, unless its own words say more ("Too many searches"). */
export const TOO_MANY_REQUESTS = 'Too many requests. Please confirm you are not a robot.';

/** The 429 answer of a refused call: the contract's `CaptchaRequired`. */
export function sendTooMany(
  reply: FastifyReply,
  message: string,
  verdict: { captcha: CaptchaLevel },
): FastifyReply {
  return reply.code(429).send({ message, type: verdict.captcha });
}

/**
 * Counts a call; `true` when it was refused and the 429 answer sent, so the handler must stop
 * (`if (await limitCall(…)) return reply;`). A boolean, not the reply: a Fastify reply is a
 * thenable, and an async function returning it resolves to `undefined`, which let refused calls
 * run on.
 */
export async function limitCall(
  limiter: RateLimiter,
  key: string,
  request: CaptchaCarrier,
  reply: FastifyReply,
  message: string,
): Promise<boolean> {
  const verdict = await limiter.allow(key, request);
  if (verdict.allowed) return false;
  sendTooMany(reply, message, verdict);
  return true;
}

/**
 * Counts a call where a service decides, deep in its work, that it is about to happen (after the
 * checks of its input, before a lookup whose outcome must not show): throws the 429
 * `CaptchaRequired` answer when refused. Without `request` no solved captcha lifts the limit.
 */
export async function assertAllowed(
  limiter: RateLimiter,
  key: string,
  request: CaptchaCarrier | undefined,
  message: string,
): Promise<void> {
  const verdict = await limiter.allow(key, request);
  if (!verdict.allowed) throw new CaptchaRequiredError(message, verdict.captcha);
}
