import { isApiError } from '@gallop/api-client';

/** What a failed send shows: the server's message and its field details, or a default. */
export function failureText(error: unknown): string {
  if (!isApiError(error)) return 'Error. Please try again later';
  // The browser's client shows the captcha and sends again; this is a captcha closed unsolved.
  if (error.kind === 'captcha' || error.kind === 'hard_captcha') {
    return 'Too many requests from this device. Send again and confirm you are not a robot.';
  }
  const details = Object.values(error.errors).flat();
  return [error.message, ...details].join(' ');
}
