/**
 * A drawn route sketch (SVG) for the map preloader. No map provider is configured by default
 * (site tokens `maps_provider: null`, see docs: maps load only after 'Show on map'), so the
 * preview is drawn here: hills, a dashed trail and a numbered pin per stop, the same for a given
 * seed. Stop names go in a legend beside the picture (numbered alike): drawn on it, neighbouring
 * names overlapped each other and the pins on a phone.
 */

const WIDTH = 600;
const HEIGHT = 350;

/** A small deterministic generator (mulberry32): the server and the browser draw the same. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Point {
  x: number;
  y: number;
}

/** Stops spread left to right with a gentle wander, inside the frame's margins. */
export function routePoints(seed: number, count: number): Point[] {
  const next = random(seed);
  const stops = Math.max(1, count);
  return Array.from({ length: stops }, (_, index) => ({
    x: Math.round(stops === 1 ? WIDTH / 2 : 70 + (index * (WIDTH - 140)) / (stops - 1)),
    y: Math.round(110 + next() * 150),
  }));
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The sketch as SVG markup: each stop a pin with its number; a stop given a name (the preview's
 * start) also gets it written above its pin.
 */
export function routeSketchSvg(seed: number, stops: readonly string[]): string {
  const points = routePoints(seed, stops.length);
  const next = random(seed + 1);
  const hills = Array.from({ length: 5 }, (_, index) => {
    const x = Math.round(next() * WIDTH);
    const y = Math.round(40 + next() * 260);
    const r = Math.round(60 + next() * 90);
    const fill = index % 2 === 0 ? '#dfe9d6' : '#e9e1f7';
    return `<ellipse cx="${x}" cy="${y}" rx="${r * 1.6}" ry="${r}" fill="${fill}" opacity="0.75"/>`;
  }).join('');
  const path = points
    .map((point, index) => `${index === 0 ? 'M' : 'L'}${point.x} ${point.y}`)
    .join(' ');
  const pins = points
    .map((point, index) => {
      const label = stops[index] ?? '';
      const anchor = index === 0 ? 'start' : index === points.length - 1 ? 'end' : 'middle';
      const labelX = anchor === 'start' ? point.x - 10 : anchor === 'end' ? point.x + 10 : point.x;
      return (
        `<circle cx="${point.x}" cy="${point.y}" r="12" fill="#793dfc" stroke="#fff" stroke-width="3"/>` +
        `<text x="${point.x}" y="${point.y + 4}" text-anchor="middle" font-family="Arial, sans-serif" font-size="12" font-weight="700" fill="#fff">${index + 1}</text>` +
        (label
          ? `<text x="${labelX}" y="${point.y - 20}" text-anchor="${anchor}" font-family="Arial, sans-serif" font-size="15" font-weight="700" fill="#1b1530">${escapeXml(label)}</text>`
          : '')
      );
    })
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}">` +
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#f7f3ec"/>${hills}` +
    `<path d="${path}" fill="none" stroke="#793dfc" stroke-width="4" stroke-linecap="round" stroke-linejoin="round" stroke-dasharray="2 10"/>` +
    `${pins}</svg>`
  );
}

/** The sketch as an image URL for `<img src>`. */
export function routeSketchUrl(seed: number, stops: readonly string[]): string {
  return `data:image/svg+xml,${encodeURIComponent(routeSketchSvg(seed, stops))}`;
}
