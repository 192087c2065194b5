/**
 * The one error type of the client (docs/product.md, Errors): HTTP errors, captcha demands,
 * redirect answers and transport failures alike. A client made with `throwOnError: true` rejects
 * with it; the default client rejects with it only when no answer arrived, and `unwrap` and the
 * react-query helpers throw it for failed answers.
 */

/** Why a call failed. */
export type ApiErrorKind =
  /** 429 with `type: captcha`: an invisible captcha is required. */
  | 'captcha'
  /** 429 with `type: hard_captcha`: a visible captcha is required. */
  | 'hard_captcha'
  /** The answer asks the client to go elsewhere (`type: redirect` + `url`, or an illegal tour redirect). */
  | 'redirect'
  /** No answer: connection refused, DNS failure, CORS, offline. */
  | 'network'
  /** No answer within the client's timeout. */
  | 'timeout'
  /** Cancelled by the caller's signal or superseded by a newer call. */
  | 'abort'
  /** Any other non-2xx answer. */
  | 'http';

/** Validation details by field name (422 answers). */
export type ValidationErrors = Record<string, string[]>;

export const DEFAULT_ERROR_TITLE = 'Error';
export const DEFAULT_ERROR_MESSAGE = 'Please try again later';

export interface ApiErrorInit {
  kind: ApiErrorKind;
  /** HTTP status; 0 when no answer arrived. */
  status?: number;
  message?: string | undefined;
  errors?: ValidationErrors;
  /** Where a redirect answer points. */
  url?: string | undefined;
  /** The parsed error answer, when there was one. */
  body?: unknown;
  method?: string;
  /** Request URL. */
  requestUrl?: string;
  cause?: unknown;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** HTTP status; 0 when no answer arrived (network, timeout, abort). */
  readonly status: number;
  /** Short title for an error screen: always 'Error' (docs/product.md, Errors). */
  readonly title = DEFAULT_ERROR_TITLE;
  readonly errors: ValidationErrors;
  readonly url: string | undefined;
  readonly body: unknown;
  readonly method: string | undefined;
  readonly requestUrl: string | undefined;

  constructor(init: ApiErrorInit) {
    super(
      init.message || DEFAULT_ERROR_MESSAGE,
      init.cause === undefined ? {} : { cause: init.cause },
    );
    this.kind = init.kind;
    this.status = init.status ?? 0;
    this.errors = init.errors ?? {};
    this.url = init.url;
    this.body = init.body;
    this.method = init.method;
    this.requestUrl = init.requestUrl;
  }

  /** True when the answer carried field-level validation details. */
  get isValidation(): boolean {
    return Object.keys(this.errors).length > 0;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
