/**
 * The IANA time zones a traveller can choose in the settings (their chats show message times in
 * theirs: `useViewerTimeZone`), with their current UTC offset so "Berlin" and "GMT+1" both help
 * to find one.
 */
export type TimeZoneOption = {
  /** The IANA name the API stores, e.g. `Europe/Berlin`. */
  value: string;
  /** `Europe/Berlin (GMT+1)`. */
  text: string;
};

/** Every zone this browser knows; UTC, which the list leaves out, first. */
export function timeZoneNames(): string[] {
  const zones =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...zones.filter((zone) => zone !== 'UTC')];
}

/** The zone's offset from UTC at `at`, as the browser writes it (`GMT+1`, `GMT-3:30`, `GMT`). */
function utcOffset(zone: string, at: Date): string | undefined {
  try {
    const offset = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value;
    // Engines differ on UTC itself: 'GMT' in browsers, 'GMT+0' in some ICU builds.
    return offset?.replace(/^GMT[+-]0$/, 'GMT');
  } catch {
    return undefined;
  }
}

/**
 * The options, in the order of `names`; a saved zone the browser does not list (an older alias,
 * e.g. `Europe/Kiev`) stays choosable, so the select never shows it as empty.
 */
export function timeZoneOptions(
  current: string | null | undefined,
  at: Date = new Date(),
  names: readonly string[] = timeZoneNames(),
): TimeZoneOption[] {
  const all = current && !names.includes(current) ? [current, ...names] : names;
  return all.map((zone) => {
    const offset = utcOffset(zone, at);
    const name = zone.replaceAll('_', ' ');
    return { value: zone, text: offset ? `${name} (${offset})` : name };
  });
}
