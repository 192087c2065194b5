import { lighten, mix } from './color.ts';
import type { Light } from './palettes.ts';
import type { Random } from './random.ts';
import { fmt, WORLD_HEIGHT, type SvgCanvas } from './svg.ts';

export interface SkyOptions {
  /** y of the horizon line, where the sky is palest. */
  horizon: number;
  /** x of the sun or moon; defaults to a random third of the frame. */
  sunX?: number;
  clouds?: number;
  birds?: boolean;
}

export interface SkyResult {
  sunX: number;
  sunY: number;
}

export function drawSky(
  canvas: SvgCanvas,
  random: Random,
  light: Light,
  options: SkyOptions,
): SkyResult {
  const { horizon } = options;
  const fill = canvas.verticalWorldGradient(
    [
      { offset: 0, color: light.skyTop },
      { offset: 0.55, color: light.skyMiddle },
      { offset: 1, color: light.skyHorizon },
    ],
    0,
    horizon,
  );
  canvas.add(
    `<rect x="${fmt(canvas.spanStart)}" y="-200" width="${fmt(canvas.spanEnd - canvas.spanStart)}" height="${fmt(WORLD_HEIGHT + 400)}" fill="${fill}"/>`,
  );

  if (light.stars) drawStars(canvas, random.fork('stars'), horizon);

  const side = random.chance(0.5) ? -1 : 1;
  const sunX = options.sunX ?? side * random.between(0.12, 0.3) * canvas.width;
  const sunY = horizon - 40 - light.sunHeight * (horizon - 120);
  const isMoon = light.name === 'night';
  const glowRadius = isMoon ? 260 : light.sunHeight > 0.5 ? 420 : 620;
  const glow = canvas.radialGradient(
    [
      { offset: 0, color: light.sun, opacity: isMoon ? 0.35 : 0.85 },
      { offset: 0.25, color: mix(light.sun, light.skyHorizon, 0.5), opacity: isMoon ? 0.12 : 0.4 },
      { offset: 1, color: light.skyHorizon, opacity: 0 },
    ],
    { x: sunX, y: sunY },
    glowRadius,
  );
  canvas.layer(
    0.98,
    `<circle cx="${fmt(sunX)}" cy="${fmt(sunY)}" r="${glowRadius}" fill="${glow}"/>`,
  );
  const discRadius = isMoon ? 26 : light.sunHeight > 0.5 ? 30 : 44;
  canvas.layer(
    0.98,
    `<circle cx="${fmt(sunX)}" cy="${fmt(sunY)}" r="${discRadius}" fill="${light.sun}" opacity="${isMoon ? 0.95 : 0.9}"/>` +
      (isMoon
        ? `<circle cx="${fmt(sunX + 10)}" cy="${fmt(sunY - 6)}" r="${discRadius}" fill="${light.skyMiddle}" opacity="0.35"/>`
        : ''),
  );

  drawClouds(canvas, random.fork('clouds'), light, horizon, options.clouds ?? random.int(2, 6));
  if (options.birds ?? random.chance(0.45)) drawBirds(canvas, random.fork('birds'), light, horizon);
  return { sunX, sunY };
}

function drawStars(canvas: SvgCanvas, random: Random, horizon: number): void {
  const stars: string[] = [];
  const count = Math.round(canvas.width / 8);
  for (let index = 0; index < count; index += 1) {
    const x = random.between(canvas.spanStart, canvas.spanEnd);
    const y = random.between(0, horizon * 0.8) ** 1.15;
    const r = random.chance(0.1) ? random.between(1.6, 2.4) : random.between(0.7, 1.4);
    stars.push(
      `<circle cx="${fmt(x)}" cy="${fmt(y)}" r="${fmt(r)}" opacity="${fmt(random.between(0.4, 1))}"/>`,
    );
  }
  canvas.layer(0.99, `<g fill="#fffbe8">${stars.join('')}</g>`);
}

/** Soft, flat-bottomed clouds drawn as stacks of faded ellipses (no blur filter: it is slow). */
function drawClouds(
  canvas: SvgCanvas,
  random: Random,
  light: Light,
  horizon: number,
  count: number,
): void {
  const cloudColor =
    light.name === 'night' ? lighten(light.skyMiddle, 0.15) : lighten(light.skyHorizon, 0.45);
  const shadowColor = mix(light.skyMiddle, light.skyHorizon, 0.4);
  const parts: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const x = random.between(canvas.left - 100, canvas.right + 100);
    const y = random.between(horizon * 0.12, horizon * 0.7);
    const width = random.between(140, 380) * (0.6 + (y / horizon) * 0.6);
    const puffs = random.int(3, 6);
    const opacity = random.between(0.35, 0.7);
    const fill = canvas.radialGradient(
      [
        { offset: 0, color: cloudColor, opacity },
        { offset: 0.6, color: cloudColor, opacity: opacity * 0.6 },
        { offset: 1, color: shadowColor, opacity: 0 },
      ],
      { x, y },
      width * 0.55,
      0.28,
    );
    parts.push(
      `<ellipse cx="${fmt(x)}" cy="${fmt(y)}" rx="${fmt(width * 0.55)}" ry="${fmt(width * 0.16)}" fill="${fill}"/>`,
    );
    for (let puff = 0; puff < puffs; puff += 1) {
      const px = x + random.between(-0.38, 0.38) * width;
      const py = y - random.between(0, 0.09) * width;
      const pr = random.between(0.1, 0.2) * width;
      const puffFill = canvas.radialGradient(
        [
          { offset: 0, color: cloudColor, opacity: opacity * 0.8 },
          { offset: 1, color: cloudColor, opacity: 0 },
        ],
        { x: px, y: py },
        pr,
        0.62,
      );
      parts.push(
        `<ellipse cx="${fmt(px)}" cy="${fmt(py)}" rx="${fmt(pr)}" ry="${fmt(pr * 0.62)}" fill="${puffFill}"/>`,
      );
    }
  }
  canvas.layer(0.95, parts.join(''));
}

function drawBirds(canvas: SvgCanvas, random: Random, light: Light, horizon: number): void {
  const color = mix(light.skyTop, '#1c1c28', 0.6);
  const flockX = random.between(canvas.left * 0.7, canvas.right * 0.7);
  const flockY = random.between(horizon * 0.2, horizon * 0.55);
  const birds: string[] = [];
  for (let index = 0; index < random.int(2, 5); index += 1) {
    const x = flockX + random.between(-70, 70);
    const y = flockY + random.between(-35, 35);
    const span = random.between(7, 13);
    const lift = random.between(2, 5);
    birds.push(
      `<path d="M${fmt(x - span)} ${fmt(y - lift)}Q${fmt(x - span / 2)} ${fmt(y - lift - 3)} ${fmt(x)} ${fmt(y)}Q${fmt(x + span / 2)} ${fmt(y - lift - 3)} ${fmt(x + span)} ${fmt(y - lift)}"/>`,
    );
  }
  canvas.layer(
    0.9,
    `<g fill="none" stroke="${color}" stroke-width="2.2" stroke-linecap="round" opacity="0.75">${birds.join('')}</g>`,
  );
}
