// Apart from `./media.ts`: the app's header and home need image URLs on every page, the counts
// only where lists and galleries show, so a bundler can leave this out of the first load.

/** Fills `{count}` and turns `word(s)` into the singular or plural: '{count} more photo(s)'. */
export function countText(template: string, count: number): string {
  return template
    .replace('{count}', String(count))
    .replace(/(\w+)\(s\)/, (_, word: string) => (count === 1 ? word : `${word}s`));
}
