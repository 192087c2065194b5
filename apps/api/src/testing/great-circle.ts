/** Great-circle distance on earthdistance's sphere (`earth()` = 6378168 m), for radius tests. */
export function distanceMetres(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 2 * 6378168 * Math.asin(Math.min(1, Math.sqrt(a)));
}
