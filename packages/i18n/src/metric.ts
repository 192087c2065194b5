/** Countries (by id) that do not use the metric system (docs/product.md, Entities). */
export const NON_METRIC_COUNTRY_IDS: readonly number[] = [31, 114, 228];

export type MeasurementSystem = 'metric' | 'imperial';

/** Every country is metric except 31, 114 and 228. */
export function isMetricCountry(countryId: number | string | null | undefined): boolean {
  return !NON_METRIC_COUNTRY_IDS.includes(Number(countryId));
}

export function measurementSystem(
  countryId: number | string | null | undefined,
): MeasurementSystem {
  return isMetricCountry(countryId) ? 'metric' : 'imperial';
}
