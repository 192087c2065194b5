/** A pin on a drawn preview, in the 600x350 picture's coordinates. */
export interface SketchPin {
  x: number;
  y: number;
  radius: number;
}

/**
 * A drawn stand-in for a map before 'Show on map' (the map's code is not loaded yet): sea, two
 * land masses and the pins, as an SVG data URL the server and the browser draw alike.
 */
export function pinsSketchUrl(pins: readonly SketchPin[]): string {
  const drawn = pins
    .map(
      ({ x, y, radius }) =>
        `<circle cx="${x}" cy="${y}" r="${radius}" fill="#793dfc" fill-opacity="0.85" stroke="#fff" stroke-width="3"/>`,
    )
    .join('');
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 350" width="600" height="350">' +
    '<rect width="600" height="350" fill="#d6e6ee"/>' +
    '<path d="M40 120c60-50 150-60 210-20s90 80 40 120-160 40-220 10S-10 170 40 120z" fill="#f7f3ec"/>' +
    '<path d="M330 70c70-30 190-20 230 40s10 150-70 170-170-10-200-70 0-120 40-140z" fill="#f7f3ec"/>' +
    '<path d="M250 250c30-20 80-10 90 20s-20 60-60 60-60-60-30-80z" fill="#e9e1f7"/>' +
    `${drawn}</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
