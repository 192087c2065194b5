import { isApiError } from '@gallop/api-client';

/**
 * The texts of a refusal, each once: a 422 names its reason both as the message and on the
 * field (`{ message: 'Invalid code', errors: { code: ['Invalid code'] } }`), and a screen must
 * not say it twice.
 */
export function distinctTexts(texts: readonly (string | undefined)[]): string[] {
  const seen = new Set<string>();
  return texts.flatMap((text) => {
    const trimmed = text?.trim();
    if (!trimmed || seen.has(trimmed)) return [];
    seen.add(trimmed);
    return [trimmed];
  });
}

/** What a failed send shows: the server's message and its field details, or a default. */
export function failureText(error: unknown): string {
  if (!isApiError(error)) return 'Error. Please try again later';
  // The browser's client shows the captcha and sends again; this is a captcha closed unsolved.
  if (error.kind === 'captcha' || error.kind === 'hard_captcha') {
    return 'Too many requests from this device. Send again and confirm you are not a robot.';
  }
  return distinctTexts([error.message, ...Object.values(error.errors).flat()]).join(' ');
}
