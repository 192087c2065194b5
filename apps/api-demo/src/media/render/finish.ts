import { fmt, WORLD_HEIGHT, type SvgCanvas } from './svg.ts';

/** Darkens the corners a little, as a camera lens does: it makes flat colour read as a photo. */
export function drawVignette(canvas: SvgCanvas, strength = 0.28): void {
  const radius = Math.hypot(canvas.width / 2, WORLD_HEIGHT / 2);
  const fill = canvas.radialGradient(
    [
      { offset: 0, color: '#000000', opacity: 0 },
      { offset: 0.6, color: '#000000', opacity: 0 },
      { offset: 1, color: '#0b0d1a', opacity: strength },
    ],
    { x: 0, y: WORLD_HEIGHT / 2 },
    radius * 1.05,
    WORLD_HEIGHT / canvas.width + 0.25,
  );
  canvas.add(
    `<rect x="${fmt(canvas.left - 10)}" y="-10" width="${fmt(canvas.width + 20)}" height="${WORLD_HEIGHT + 20}" fill="${fill}"/>`,
  );
}
