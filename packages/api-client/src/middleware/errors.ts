import type { Middleware } from 'openapi-fetch';
import {
  errorFromAnswer,
  errorFromFailure,
  readBody,
  readErrorMessage,
  readRedirectUrl,
  withAnswer,
} from '../error-answers';
import { ApiError } from '../errors';
import { LOGIN_PATHS, TOUR_PATH } from '../paths';

/** The message of a tour answer that redirects, when redirects are not allowed. */
// Here rather than in ../errors: the web's first load carries that module, not this one.
export const ILLEGAL_REDIRECT_MESSAGE = 'Illegal redirect';

type Hook = (error: ApiError) => void | Promise<void>;

export interface ErrorMappingOptions {
  /** Lets the tour call answer with a redirect instead of failing with 'Illegal redirect'. */
  allowRedirects?: boolean | undefined;
  /** Called for 429 answers that ask for a captcha (kinds `captcha` and `hard_captcha`). */
  onCaptcha?: Hook | undefined;
  /** Called when a call finally fails with 401 (no token, failed refresh, or 401 after the retry). */
  onUnauthorized?: Hook | undefined;
  tourPath?: string;
  loginPaths?: readonly string[];
}

async function notify(hook: Hook | undefined, error: ApiError): Promise<void> {
  try {
    await hook?.(error);
  } catch {
    // A failing hook must not replace the API error the caller receives.
  }
}

/**
 * Turns every failure into one `ApiError` (docs/product.md, Errors) and throws it, so the calls
 * reject instead of resolving with `{ error }` (the default client turns the ones that carry an
 * answer back into `{ error, response }`, `createGallopClient`):
 * - non-2xx answers: kinds `captcha` / `hard_captcha` (429 with `type`), `redirect`, `http`;
 * - 2xx login answers of `type: redirect` with a `url`: kind `redirect`;
 * - 2xx tour answers carrying a redirect (or reached through one) unless redirects are allowed:
 *   kind `redirect`, message 'Illegal redirect';
 * - rejected fetches: kinds `timeout`, `abort`, `network`.
 */
export function errorMappingMiddleware(options: ErrorMappingOptions = {}): Middleware {
  const { tourPath = TOUR_PATH, loginPaths = LOGIN_PATHS } = options;
  return {
    async onResponse({ request, response, schemaPath }) {
      if (response.ok) {
        const isTour = schemaPath === tourPath && !options.allowRedirects;
        if (!isTour && !loginPaths.includes(schemaPath)) return undefined;
        const body = await readBody(response);
        const url =
          readRedirectUrl(body) ?? (isTour && response.redirected ? response.url : undefined);
        if (!url) return undefined;
        const redirect = new ApiError({
          kind: 'redirect',
          status: response.status,
          message: isTour ? ILLEGAL_REDIRECT_MESSAGE : readErrorMessage(body),
          url,
          body,
          method: request.method,
          requestUrl: request.url,
        });
        throw withAnswer(redirect, response);
      }
      const error = errorFromAnswer(request, response, await readBody(response));
      if (error.kind === 'captcha' || error.kind === 'hard_captcha') {
        await notify(options.onCaptcha, error);
      }
      if (error.status === 401) await notify(options.onUnauthorized, error);
      throw error;
    },
    onError({ request, error }) {
      return errorFromFailure(request, error);
    },
  };
}
