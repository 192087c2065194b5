/**
 * An error a handler throws on purpose: its status (4xx) and message reach the client as
 * `{ message, errors? }` through `sendError`.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/**
 * A 429 a service throws when a limit refuses the call: answered as the contract's
 * `CaptchaRequired` (`{ message, type }`), like `sendTooMany`.
 */
export class CaptchaRequiredError extends HttpError {
  constructor(
    message: string,
    readonly captcha: 'captcha' | 'hard_captcha',
  ) {
    super(429, message);
    this.name = 'CaptchaRequiredError';
  }
}

export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const unprocessable = (message: string, errors?: Record<string, string[]>) =>
  new HttpError(422, message, errors);
