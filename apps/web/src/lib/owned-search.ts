/**
 * A route's `validateSearch` that owns its keys. The router merges the raw address back under what
 * `validateSearch` returns (`{ ...raw, ...validated }`), so a key a validator drops for being
 * malformed (`?page=-1`, `?tour=abc`, `?url=123` read as a number) would reach the loader as typed.
 * Each owned key is set to `undefined` first: dropped means missing, and the router then moves to
 * the address without it. Kept tiny: route definitions ship in the first load.
 */
export function ownedSearch<Validate extends (search: Record<string, unknown>) => object>(
  keys: readonly string[],
  validate: Validate,
): Validate {
  const owned = (search: Record<string, unknown>) => {
    const missing: Record<string, undefined> = {};
    for (const key of keys) missing[key] = undefined;
    return { ...missing, ...validate(search) };
  };
  return owned as Validate;
}
