export {
  CONVERT_PRICE_TTL_MS,
  DEFAULT_TIMEOUT_MS,
  createGallopClient,
  defaultRefreshToken,
} from './client';
export type {
  Answer,
  FetchLike,
  GallopClient,
  GallopClientOptions,
  GallopMethod,
  GallopResult,
  RedirectErrorBody,
} from './client';
export { ApiError, DEFAULT_ERROR_MESSAGE, DEFAULT_ERROR_TITLE, isApiError } from './errors';
export { readErrorMessage, readValidationErrors } from './error-answers';
export { unwrap } from './unwrap';
export type { ApiErrorKind, ValidationErrors } from './errors';
export { authRefreshMiddleware } from './middleware/auth-refresh';
export type { AuthRefreshOptions, RefreshTokens } from './middleware/auth-refresh';
export { CAPTCHA_HEADER, captchaRetryMiddleware } from './middleware/captcha-retry';
export type { CaptchaRetryOptions, SolveCaptcha } from './middleware/captcha-retry';
export { errorMappingMiddleware, ILLEGAL_REDIRECT_MESSAGE } from './middleware/errors';
export type { ErrorMappingOptions } from './middleware/errors';
export {
  AUTHORIZATION_HEADER,
  CLIENT_ROLE,
  CLIENT_ROLE_HEADER,
  gallopHeaders,
} from './middleware/headers';
export type { ClientLocale, HeaderOptions, Live } from './middleware/headers';
export { latestOnlyMiddleware } from './middleware/latest-only';
export { responseCacheMiddleware } from './middleware/response-cache';
export type { ResponseCacheOptions } from './middleware/response-cache';
export { timeoutMiddleware } from './middleware/timeout';
export {
  COMPLETION_PATH,
  CONVERT_PRICE_PATH,
  LOGIN_PATHS,
  REFRESH_TOKEN_PATH,
  TOUR_PATH,
} from './paths';
export type { RedirectingPath } from './paths';
export { needsSession } from './session-calls';
export { createMemoryTokenStore } from './tokens';
export type { AuthTokens, TokenStore } from './tokens';
export type { components, operations, paths } from './schema.gen';
