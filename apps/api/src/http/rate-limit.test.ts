/**
 * The limits cannot be reset or split (issue 43, finding 5): a flood of new keys does not lift a
 * block, API processes sharing Redis share one count, and repeated blocks ask for the harder
 * captcha.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { counterKey, createCounterStore, type CounterStore } from './counter-store.ts';
import {
  CAPTCHA_HEADER,
  createRateLimiter,
  createRateLimits,
  type CaptchaLevel,
  type CaptchaVerifier,
  type LimitVerdict,
} from './rate-limit.ts';

const WINDOW_MS = 15 * 60_000;

async function verdicts(
  limiter: { allow(key: string): Promise<LimitVerdict> },
  key: string,
  count: number,
) {
  const answers: boolean[] = [];
  for (let n = 0; n < count; n += 1) answers.push((await limiter.allow(key)).allowed);
  return answers;
}

/** A verifier that accepts `solution:<level>` once per payload, as ALTCHA's used-store does. */
function fakeCaptcha(): CaptchaVerifier & { checks: number } {
  const used = new Set<string>();
  return {
    checks: 0,
    async verify(payload) {
      this.checks += 1;
      const [kind, level] = payload.split(':');
      if (kind !== 'solution' || used.has(payload)) return undefined;
      used.add(payload);
      return level as CaptchaLevel;
    },
  };
}

const solved = (payload: string) => ({ headers: { [CAPTCHA_HEADER]: payload } });

afterEach(() => {
  vi.useRealTimers();
});

describe('a limit in memory', () => {
  it('counts per key and per window', async () => {
    vi.useFakeTimers();
    const limiter = createRateLimiter({ name: 'test', limit: 2, windowMs: 1_000 });
    expect(await verdicts(limiter, 'a', 3)).toEqual([true, true, false]);
    expect((await limiter.allow('b')).allowed).toBe(true);
    vi.advanceTimersByTime(1_000);
    expect((await limiter.allow('a')).allowed).toBe(true);
  });

  it('keeps a block through a flood of 10,050 other keys', async () => {
    const limiter = createRateLimiter({ name: 'recover', limit: 10, windowMs: WINDOW_MS });
    expect(await verdicts(limiter, 'login:victim', 11)).toEqual([...Array(10).fill(true), false]);
    for (let n = 0; n < 10_050; n += 1) await limiter.allow(`recover:rider-${n}@example.com`);
    expect(await limiter.allow('login:victim')).toEqual({ allowed: false, captcha: 'captcha' });
  });

  it('refuses new keys once its table is full, evicting nothing', async () => {
    const limits = createRateLimits({ store: createCounterStore({ maxKeys: 100 }) });
    const limiter = limits.limiter({ name: 'small', limit: 2, windowMs: WINDOW_MS });
    expect(await verdicts(limiter, 'blocked', 3)).toEqual([true, true, false]);
    const flood: boolean[] = [];
    for (let n = 0; n < 200; n += 1) flood.push((await limiter.allow(`flood-${n}`)).allowed);
    // The table holds 100 keys: the blocked one and 99 of the flood; the rest are refused.
    expect(flood.filter(Boolean)).toHaveLength(99);
    expect(await limiter.allow('blocked')).toEqual({ allowed: false, captcha: 'captcha' });
    expect((await limiter.allow('flood-0')).allowed).toBe(true);
  });

  it('takes back refunded calls, never below zero', async () => {
    const limiter = createRateLimiter({ name: 'failures', limit: 2, windowMs: WINDOW_MS });
    await limiter.refund('a');
    expect(await verdicts(limiter, 'a', 2)).toEqual([true, true]);
    await limiter.refund('a');
    expect(await verdicts(limiter, 'a', 2)).toEqual([true, false]);
  });
});

describe('escalation', () => {
  it('asks for hard_captcha from the third block of a key within a day', async () => {
    vi.useFakeTimers();
    const limiter = createRateLimiter({ name: 'escalating', limit: 2, windowMs: 60_000 });
    const asked: (string | undefined)[] = [];
    for (let block = 1; block <= 4; block += 1) {
      await verdicts(limiter, 'k', 2);
      const verdict = await limiter.allow('k');
      asked.push(verdict.allowed ? undefined : verdict.captcha);
      // Later refusals in the same window ask for the same captcha.
      expect(await limiter.allow('k')).toEqual(verdict);
      vi.advanceTimersByTime(60_000);
    }
    expect(asked).toEqual(['captcha', 'captcha', 'hard_captcha', 'hard_captcha']);
    // Other keys start with the plain captcha; a day later this one does again.
    await verdicts(limiter, 'other', 2);
    expect(await limiter.allow('other')).toEqual({ allowed: false, captcha: 'captcha' });
    vi.advanceTimersByTime(24 * 60 * 60_000);
    await verdicts(limiter, 'k', 2);
    expect(await limiter.allow('k')).toEqual({ allowed: false, captcha: 'captcha' });
  });

  it('counts blocks lifted by a captcha too, and asks the harder one then', async () => {
    const captcha = fakeCaptcha();
    const limiter = createRateLimits({ captcha }).limiter({
      name: 'lifted',
      limit: 1,
      windowMs: WINDOW_MS,
    });
    await limiter.allow('k');
    expect(await limiter.allow('k')).toEqual({ allowed: false, captcha: 'captcha' });
    expect(await limiter.allow('k', solved('solution:captcha:1'))).toEqual({ allowed: true });
    expect(await limiter.allow('k')).toEqual({ allowed: false, captcha: 'captcha' });
    expect(await limiter.allow('k', solved('solution:captcha:2'))).toEqual({ allowed: true });
    expect(await limiter.allow('k')).toEqual({ allowed: false, captcha: 'hard_captcha' });
    // The plain captcha no longer lifts it; the hard one does.
    expect(await limiter.allow('k', solved('solution:captcha:3'))).toEqual({
      allowed: false,
      captcha: 'hard_captcha',
    });
    expect(await limiter.allow('k', solved('solution:hard_captcha:1'))).toEqual({
      allowed: true,
    });
  });
});

describe('a solved captcha', () => {
  it('is checked once per request, whatever number of limits the request meets', async () => {
    const captcha = fakeCaptcha();
    const limits = createRateLimits({ captcha });
    const perAddress = limits.limiter({ name: 'address', limit: 1, windowMs: WINDOW_MS });
    const perLogin = limits.limiter({ name: 'login', limit: 1, windowMs: WINDOW_MS });
    await perAddress.allow('k');
    await perLogin.allow('k');
    const request = solved('solution:captcha:once');
    expect(await perAddress.allow('k', request)).toEqual({ allowed: true });
    expect(await perLogin.allow('k', request)).toEqual({ allowed: true });
    expect(captcha.checks).toBe(1);
    // The same solution in another request is used already.
    await perAddress.allow('k');
    expect(await perAddress.allow('k', solved('solution:captcha:once'))).toMatchObject({
      allowed: false,
    });
  });

  it('is not spent by a call under the limit', async () => {
    const captcha = fakeCaptcha();
    const limiter = createRateLimits({ captcha }).limiter({
      name: 'unspent',
      limit: 1,
      windowMs: WINDOW_MS,
    });
    expect(await limiter.allow('k', solved('solution:captcha:kept'))).toEqual({ allowed: true });
    expect(captcha.checks).toBe(0);
    expect(await limiter.allow('k', solved('solution:captcha:kept'))).toEqual({ allowed: true });
  });
});

describe('limits shared through Redis', () => {
  const redisUrl = globalThis.process.env.REDIS_URL;
  // A prefix of our own, so parallel runs on one Redis never count each other's calls.
  const keyPrefix = `gallop-test:${randomUUID()}:`;
  const stores: CounterStore[] = [];
  const worker = () => {
    const store = createCounterStore({ redisUrl, keyPrefix });
    stores.push(store);
    return createRateLimits({ store });
  };

  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
    if (!redisUrl) return;
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${keyPrefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it.skipIf(!redisUrl)('counts the calls of two API processes against one limit', async () => {
    const [a, b] = [worker(), worker()];
    await Promise.all(stores.map((store) => store.ready()));
    const options = { name: 'failed-sign-ins', limit: 10, windowMs: WINDOW_MS };
    const [first, second] = [a.limiter(options), b.limiter(options)];
    const answers: boolean[] = [];
    for (let n = 0; n < 10; n += 1) {
      answers.push((await (n % 2 === 0 ? first : second).allow('rider@example.com')).allowed);
    }
    expect(answers).toEqual(Array(10).fill(true));
    // The 11th overall is refused on either process.
    expect(await second.allow('rider@example.com')).toEqual({
      allowed: false,
      captcha: 'captcha',
    });
    expect((await first.allow('rider@example.com')).allowed).toBe(false);
    expect((await first.allow('another@example.com')).allowed).toBe(true);
    // Redis holds the login hashed, never as typed (docs/operations.md).
    const redis = new Redis(redisUrl!);
    const keys = await redis.keys(`${keyPrefix}failed-sign-ins*`);
    await redis.quit();
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.join(' ')).not.toContain('example.com');
    expect(keys).toContain(`${keyPrefix}failed-sign-ins:${counterKey('rider@example.com')}`);
  });

  it('counts in memory while Redis is unreachable, without failing or waiting', async () => {
    // Port 1 on loopback refuses connections.
    const store = createCounterStore({ redisUrl: 'redis://127.0.0.1:1', keyPrefix });
    stores.push(store);
    const limiter = createRateLimits({ store }).limiter({
      name: 'insured',
      limit: 3,
      windowMs: WINDOW_MS,
    });
    const started = performance.now();
    expect(await verdicts(limiter, 'k', 4)).toEqual([true, true, true, false]);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
