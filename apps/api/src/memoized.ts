/**
 * `compute`, remembered per text: for work repeated on every request with one of a few thousand
 * texts (cache keys, header values). The memo forgets everything when it holds `limit` texts, a
 * rare and cheap event, so it never grows without bound.
 */
export function memoized<T>(compute: (text: string) => T, limit: number): (text: string) => T {
  const known = new Map<string, T>();
  return (text) => {
    if (known.has(text)) return known.get(text) as T;
    if (known.size >= limit) known.clear();
    const value = compute(text);
    known.set(text, value);
    return value;
  };
}
