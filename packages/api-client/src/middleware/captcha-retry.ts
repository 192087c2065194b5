import type { Middleware } from 'openapi-fetch';
import { errorFromFailure, readBody, readCaptchaKind } from '../error-answers';
import { withExtraSignal } from './signal';

/** The header a call sent again carries its solved captcha in (the contract's `XCaptcha`). */
export const CAPTCHA_HEADER = 'X-Captcha';

/**
 * Shows the captcha a 429 asks for and resolves to its solution (the ALTCHA payload), or to null
 * when the visitor gives up. `request` is the call that was refused.
 */
export type SolveCaptcha = (
  kind: 'captcha' | 'hard_captcha',
  request: Request,
) => Promise<string | null>;

export interface CaptchaRetryOptions {
  solve: SolveCaptcha;
  /** Sets the current headers (token, locale) on the call before it is sent again. */
  prepare?: ((request: Request) => void | Promise<void>) | undefined;
  /** Milliseconds the call sent again may take; 0 or none: no limit of its own. */
  timeout?: number | undefined;
}

/**
 * A 429 asking for a captcha (`type: captcha | hard_captcha`; docs/product.md, Calls; decision
 * 094) is solved with `solve`, and the call is sent once more with the solution in `X-Captcha`, so
 * the caller sees only the answer to that second try. Each call is sent again at most once: the
 * retry goes straight to `fetch`, past this middleware, and its 429 (a wrong or used solution) is
 * passed on as the captcha error. A failing or abandoned `solve` passes the first 429 on.
 */
export function captchaRetryMiddleware({
  solve,
  prepare,
  timeout,
}: CaptchaRetryOptions): Middleware {
  // A copy of each call in flight, taken before it is sent (its body can be read once).
  const copies = new Map<string, Request>();
  return {
    onRequest({ request, id }) {
      copies.set(id, request.clone());
      return undefined;
    },
    async onResponse({ response, id, options }) {
      const copy = copies.get(id);
      copies.delete(id);
      if (!copy || response.status !== 429) return undefined;
      const kind = readCaptchaKind(await readBody(response));
      if (!kind) return undefined;
      let solution: string | null;
      try {
        solution = await solve(kind, copy);
      } catch {
        solution = null;
      }
      if (!solution) return undefined;
      await prepare?.(copy);
      copy.headers.set(CAPTCHA_HEADER, solution);
      const retry = timeout ? withExtraSignal(copy, AbortSignal.timeout(timeout)) : copy;
      try {
        return await options.fetch(retry);
      } catch (error) {
        throw errorFromFailure(retry, error);
      }
    },
    onError({ id }) {
      copies.delete(id);
      return undefined;
    },
  };
}
