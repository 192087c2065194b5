/** The booking routes' parameters, checked before anything loads (kept tiny: route definitions ship in the first load). */

/** Numeric ids only (docs/product.md, Routes: `{base}/{id}` numeric). */
export function parseBookingId(value: string): number | undefined {
  if (!/^\d{1,9}$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 ? id : undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isBookingUuid = (value: string) => UUID.test(value);
