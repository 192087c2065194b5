/** Calendar arithmetic on `YYYY-MM-DD` strings in UTC: the seed never reads the clock. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
