/**
 * The months a tour rides in, from its dates: every calendar month a date touches, from its
 * start to its end, in the order the dates come (soonest first), each once.
 */
export function tourMonths(dates: readonly { start: string; end: string }[]): number[] {
  const months: number[] = [];
  for (const { start, end } of dates) {
    const [startYear, startMonth] = start.split('-').map(Number);
    const [endYear, endMonth] = end.split('-').map(Number);
    if (!startYear || !startMonth || !endYear || !endMonth) continue;
    // A date runs a few weeks at most; the cap keeps a malformed one from looping long.
    const count = Math.min(12, (endYear - startYear) * 12 + (endMonth - startMonth) + 1);
    for (let step = 0; step < count; step += 1) {
      const month = ((startMonth - 1 + step) % 12) + 1;
      if (!months.includes(month)) months.push(month);
    }
  }
  return months;
}
