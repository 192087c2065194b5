/**
 * The built-in captcha (decisions: "Captcha"; decision 094): ALTCHA proof of work, self-hosted,
 * with altcha-lib. `challenge(level)` is what the web's widget solves; the retried call carries
 * the solution in `X-Captcha`, and `verify` checks it for the rate limits: signed by this API,
 * not expired, solved, and not used before (used ones are kept in the limits' store, Redis or
 * memory, until they expire, so a solution lets one call through only).
 *
 * Challenges are deterministic PBKDF2 ones with a signed derived key, so checking a solution
 * costs two HMACs and no key derivation. `hard_captcha` asks for about ten times the work.
 */
import { createHmac } from 'node:crypto';
import type { components } from '@gallop/api-client';
import {
  createChallenge,
  randomInt,
  verifySolution,
  type Challenge,
  type Solution,
} from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { CounterStore } from '#src/http/counter-store.ts';
import type { CaptchaLevel, CaptchaVerifier } from '#src/http/rate-limit.ts';

/** How hard a challenge is: PBKDF2 rounds per try, and the range of tries its answer is at. */
export interface Difficulty {
  cost: number;
  counter: readonly [min: number, max: number];
}

const DIFFICULTY: Readonly<Record<CaptchaLevel, Difficulty>> = {
  // About a second in a browser (a try is about a millisecond; the widget runs several workers).
  captcha: { cost: 1_000, counter: [1_000, 5_000] },
  // About ten times that: asked after repeated limits.
  hard_captcha: { cost: 1_000, counter: [20_000, 40_000] },
};

/** A challenge must be solved and used within this time. */
const CHALLENGE_TTL_MS = 10 * 60_000;

const ALGORITHM = 'PBKDF2/SHA-256';

/** altcha-lib's `Challenge` as the contract describes this API's (its `data` is `{ level }`). */
type CaptchaChallenge = components['schemas']['CaptchaChallenge'];

export interface Altcha extends CaptchaVerifier {
  challenge(level: CaptchaLevel): Promise<CaptchaChallenge>;
}

export interface AltchaOptions {
  /** The HMAC key (`CAPTCHA_HMAC_KEY`, else generated per database); read when used. */
  secret: () => string;
  /** Keeps the used solutions (the limits' store: shared through Redis when configured). */
  store: CounterStore;
  /** Easier challenges for tests. */
  difficulty?: Partial<Record<CaptchaLevel, Difficulty>> | undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The widget's payload: base64 of `{ challenge: { parameters, signature }, solution }`. */
function parsePayload(payload: string): { challenge: Challenge; solution: Solution } | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!isRecord(parsed) || !isRecord(parsed.challenge) || !isRecord(parsed.solution)) {
    return undefined;
  }
  const { parameters, signature } = parsed.challenge;
  if (!isRecord(parameters) || typeof signature !== 'string') return undefined;
  if (typeof parameters.nonce !== 'string' || typeof parameters.salt !== 'string') {
    return undefined;
  }
  return parsed as unknown as { challenge: Challenge; solution: Solution };
}

const isLevel = (value: unknown): value is CaptchaLevel =>
  value === 'captcha' || value === 'hard_captcha';

export function createAltcha(options: AltchaOptions): Altcha {
  const difficulty = { ...DIFFICULTY, ...options.difficulty };
  const used = options.store.counter('captcha-used', 1, Math.ceil(CHALLENGE_TTL_MS / 1_000));
  const secrets = () => {
    const hmacSignatureSecret = options.secret();
    return {
      hmacSignatureSecret,
      // A second key, for the derived key's signature (altcha-lib's deriveHmacKeySecret does the same).
      hmacKeySignatureSecret: createHmac('sha256', hmacSignatureSecret)
        .update('derived-secret')
        .digest('hex'),
    };
  };

  return {
    async challenge(level) {
      const { cost, counter } = difficulty[level];
      const challenge = await createChallenge({
        algorithm: ALGORITHM,
        cost,
        counter: randomInt(counter[1], counter[0]),
        deriveKey,
        expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
        data: { level },
        ...secrets(),
      });
      // Every challenge made here has an expiry and `data.level`, as the contract says.
      return challenge as CaptchaChallenge;
    },

    async verify(payload) {
      const parsed = parsePayload(payload);
      const level = parsed?.challenge.parameters.data?.level;
      // Only this API's own kind of challenge, checked by its signed derived key.
      if (!parsed || !isLevel(level) || !parsed.challenge.parameters.keySignature) return undefined;
      const result = await verifySolution({ ...parsed, deriveKey, ...secrets() });
      if (!result.verified) return undefined;
      try {
        // The nonce is signed: the first use marks it, a replay finds it.
        await used.consume(parsed.challenge.parameters.nonce);
      } catch {
        return undefined;
      }
      return level;
    },
  };
}
