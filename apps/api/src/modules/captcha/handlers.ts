/** The built-in captcha's challenges (decision 094): what the web's widget solves after a 429. */
import { randomBytes } from 'node:crypto';
import type { ServiceHandlers } from '#src/contract.ts';
import { createCounterStore } from '#src/http/counter-store.ts';
import { createAltcha, type Altcha } from './altcha.ts';

export interface CaptchaDeps {
  /** The app's ALTCHA (its secret, its store of used solutions); module tests get one of their own. */
  captcha?: Altcha | undefined;
}

export function captchaHandlers(deps: CaptchaDeps): Pick<ServiceHandlers, 'getCaptchaChallenge'> {
  const secret = randomBytes(32).toString('base64url');
  const captcha =
    deps.captcha ?? createAltcha({ secret: () => secret, store: createCounterStore() });
  return {
    async getCaptchaChallenge(request, reply) {
      // A challenge is used once: never from a cache.
      reply.header('cache-control', 'no-store');
      return captcha.challenge(request.query.level ?? 'captcha');
    },
  };
}
