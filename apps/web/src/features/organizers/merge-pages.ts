/**
 * The items of pages loaded one after another ('Show more'), in order and each once (a page may
 * repeat an item when the list changed in between); a page still loading ends the list there.
 */
export function mergePages<Item extends { id: number }>(
  pages: ReadonlyArray<readonly Item[] | undefined>,
): Item[] {
  const seen = new Set<number>();
  const items: Item[] = [];
  for (const page of pages) {
    if (!page) break;
    for (const item of page) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  return items;
}
