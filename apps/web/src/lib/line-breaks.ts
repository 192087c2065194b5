/** U+2011 NON-BREAKING HYPHEN: looks like '-', never ends a line. */
const NON_BREAKING_HYPHEN = '\u2011';
/** U+00A0 NO-BREAK SPACE. */
const NO_BREAK_SPACE = '\u00a0';

/**
 * A hyphen after a one-character stem ('e-mail', '3-D Secure', '5-digit') never ends a line: in
 * the success page's 284 px column at 390 px, 'e-mail' broke into 'e-' and 'mail.' alone.
 */
export function keepShortHyphenatedWhole(text: string): string {
  return text.replace(
    /(?<![\p{L}\p{N}])([\p{L}\p{N}])-(?=[\p{L}\p{N}])/gu,
    `$1${NON_BREAKING_HYPHEN}`,
  );
}

const DAY_MONTH_YEAR =
  /\b(\d{1,2}) ((?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*)(?: (\d{4}))?\b/g;

/**
 * Each date of a text whole on its line ('6 Jun 2027'), so a range breaks at its dash: in a
 * summary's half column at 390 px, '25 Mar – 4 Apr 2027' left the year alone on a second line.
 */
export function keepDatesWhole(text: string): string {
  return text.replace(DAY_MONTH_YEAR, (_, day: string, month: string, year?: string) =>
    [day, month, year].filter(Boolean).join(NO_BREAK_SPACE),
  );
}
