/** Calendar days shared by every module: the API counts days in UTC. */

/** Today as YYYY-MM-DD (UTC): the boundary between past and bookable dates. */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** The day `days` after (or before, negative) the YYYY-MM-DD day `iso`, in UTC. */
export function addDaysIso(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Today (UTC), read from the clock at most once a second: every search asks for it. */
export function currentDay(now: () => number = Date.now): () => string {
  let day = '';
  let until = 0;
  return () => {
    const at = now();
    if (at >= until) {
      day = todayIso(new Date(at));
      until = at + 1_000;
    }
    return day;
  };
}
