import { darken, lighten, mix } from '../color.ts';
import type { Landscape } from '../landscapes.ts';
import { landColor, LIGHTS, type Light } from '../palettes.ts';
import type { Random } from '../random.ts';
import { drawSky } from '../sky.ts';
import { fmt, type SvgCanvas } from '../svg.ts';
import { makeRidge } from '../terrain.ts';
import { drawFarRange, drawMist, drawWater } from './backdrop.ts';

const FACADES = [
  '#e8d2a8',
  '#e3b98e',
  '#d9a07a',
  '#efe3c8',
  '#c9b08c',
  '#e6c4a0',
  '#d4bca4',
  '#f0d9b5',
];
const ROOFS = ['#9c4a32', '#7d3b2c', '#6b5a4e', '#a8573a', '#4f5d6b'];

type Roof = 'flat' | 'gable' | 'dome' | 'spire' | 'stepped';

/**
 * An old town on a river: hills behind, a row of painted houses with towers and domes along
 * the quay, lit windows in the evening and the town mirrored in the water.
 */
export function drawCity(canvas: SvgCanvas, random: Random, landscape: Landscape): void {
  const light: Light = LIGHTS[random.pick(['golden', 'dusk', 'day', 'dawn', 'dusk'] as const)];
  const horizon = random.between(560, 620);
  const { sunX } = drawSky(canvas, random.fork('sky'), light, { horizon });
  drawFarRange(canvas, random.fork('far'), landscape, light, horizon - 20);
  drawMist(canvas, light, horizon, 100, 0.6);
  const hills = makeRidge(canvas, random.fork('hills'), {
    base: horizon + 10,
    amplitude: 50,
    wavelength: 380,
    octaves: 3,
  });
  const hillColor = landColor(landscape.colors.middle, light, 0.55);
  canvas.layer(
    0.8,
    `<path d="${hills.points.map((p, i) => `${i ? 'L' : 'M'}${fmt(p.x)} ${fmt(p.y)}`).join('')}L${fmt(canvas.spanEnd)} 1300L${fmt(canvas.spanStart)} 1300Z" fill="${hillColor}"/>`,
  );

  const quay = horizon + random.between(150, 190);
  const lit = light.name === 'dusk' || light.name === 'night';
  // Far row: a hazy silhouette of the upper town.
  const farColor = mix(landColor('#8a8f99', light, 0.6), light.haze, 0.3);
  canvas.layer(
    0.6,
    buildingRow(canvas, random.fork('far-row'), {
      baseY: quay - 40,
      scale: 0.7,
      facade: () => farColor,
      roofColor: () => darken(farColor, 0.08),
      windows: lit ? '#ffd98a' : undefined,
      windowOpacity: 0.5,
    }),
  );
  // Near row along the quay, coloured facades lit by the sky.
  const nearRow = buildingRow(canvas, random.fork('near-row'), {
    baseY: quay,
    scale: 1,
    facade: (r) => mix(landColor(r.pick(FACADES), light, 0.1), light.tint, 0.12),
    roofColor: (r) => landColor(r.pick(ROOFS), light, 0.15),
    windows: lit ? '#ffcf73' : darken(landColor('#5b6470', light, 0.2), 0.2),
    windowOpacity: lit ? 0.9 : 0.7,
  });
  canvas.layer(0.4, nearRow);

  // Quay wall, then the river with the town mirrored in it.
  const stone = landColor('#9d8f7e', light, 0.1);
  drawWater(canvas, random.fork('water'), {
    top: quay + 26,
    sunX,
    light,
    color: landscape.colors.water,
  });
  canvas.layer(
    0.4,
    `<g transform="translate(0 ${fmt(2 * (quay + 26))}) scale(1 -1)" opacity="0.22">${nearRow}</g>` +
      `<rect x="${fmt(canvas.spanStart)}" y="${fmt(quay)}" width="${fmt(canvas.spanEnd - canvas.spanStart)}" height="26" fill="${stone}"/>` +
      `<rect x="${fmt(canvas.spanStart)}" y="${fmt(quay)}" width="${fmt(canvas.spanEnd - canvas.spanStart)}" height="4" fill="${lighten(stone, 0.2)}"/>`,
  );
}

interface RowOptions {
  baseY: number;
  scale: number;
  facade: (random: Random) => string;
  roofColor: (random: Random) => string;
  windows: string | undefined;
  windowOpacity: number;
}

function buildingRow(canvas: SvgCanvas, random: Random, options: RowOptions): string {
  const parts: string[] = [];
  let x = canvas.spanStart;
  while (x < canvas.spanEnd) {
    const roof = random.weighted<Roof>([
      ['gable', 6],
      ['flat', 3],
      ['stepped', 2],
      ['dome', 1],
      ['spire', 1],
    ]);
    const width =
      (roof === 'spire' ? random.between(34, 50) : random.between(50, 105)) * options.scale;
    const height =
      (roof === 'spire' ? random.between(200, 290) : random.between(70, 170)) * options.scale;
    const facade = options.facade(random);
    const roofColor = options.roofColor(random);
    parts.push(building(random, x, options.baseY, width, height, roof, facade, roofColor, options));
    x += width + random.between(-4, 3) * options.scale;
  }
  return parts.join('');
}

function building(
  random: Random,
  x: number,
  baseY: number,
  width: number,
  height: number,
  roof: Roof,
  facade: string,
  roofColor: string,
  options: RowOptions,
): string {
  const top = baseY - height;
  const right = x + width;
  const mid = x + width / 2;
  let markup = `<rect x="${fmt(x)}" y="${fmt(top)}" width="${fmt(width + 0.5)}" height="${fmt(height + 2)}" fill="${facade}"/>`;
  // A shaded strip on one side gives each house volume.
  markup += `<rect x="${fmt(right - width * 0.18)}" y="${fmt(top)}" width="${fmt(width * 0.18)}" height="${fmt(height)}" fill="#000000" opacity="0.07"/>`;
  switch (roof) {
    case 'gable':
      markup += `<path d="M${fmt(x - 3)} ${fmt(top)}L${fmt(mid)} ${fmt(top - width * 0.55)}L${fmt(right + 3)} ${fmt(top)}Z" fill="${roofColor}"/>`;
      break;
    case 'stepped': {
      const step = width / 5;
      markup += `<path d="M${fmt(x)} ${fmt(top)}V${fmt(top - step)}H${fmt(x + step)}V${fmt(top - 2 * step)}H${fmt(x + 2 * step)}V${fmt(top - 3 * step)}H${fmt(x + 3 * step)}V${fmt(top - 2 * step)}H${fmt(x + 4 * step)}V${fmt(top - step)}H${fmt(right)}V${fmt(top)}Z" fill="${facade}"/>`;
      break;
    }
    case 'dome':
      markup += `<path d="M${fmt(x + width * 0.1)} ${fmt(top)}A${fmt(width * 0.4)} ${fmt(width * 0.45)} 0 0 1 ${fmt(right - width * 0.1)} ${fmt(top)}Z" fill="${roofColor}"/><path d="M${fmt(mid)} ${fmt(top - width * 0.45)}V${fmt(top - width * 0.7)}" stroke="${roofColor}" stroke-width="${fmt(Math.max(2, width * 0.05))}"/>`;
      break;
    case 'spire':
      markup += `<path d="M${fmt(x - 2)} ${fmt(top)}L${fmt(mid)} ${fmt(top - width * 1.6)}L${fmt(right + 2)} ${fmt(top)}Z" fill="${roofColor}"/>`;
      break;
    case 'flat':
      markup += `<rect x="${fmt(x - 2)}" y="${fmt(top - 5)}" width="${fmt(width + 4)}" height="6" fill="${darken(facade, 0.15)}"/>`;
      break;
  }
  if (options.windows) {
    const columns = Math.max(1, Math.floor(width / (22 * options.scale)));
    const rows = Math.max(1, Math.floor((height - 24 * options.scale) / (30 * options.scale)));
    const cellWidth = width / columns;
    const windowWidth = Math.min(11 * options.scale, cellWidth * 0.45);
    for (let row = 0; row < rows; row += 1) {
      for (let column = 0; column < columns; column += 1) {
        if (random.chance(0.35)) continue;
        const wx = x + cellWidth * (column + 0.5) - windowWidth / 2;
        const wy = top + 14 * options.scale + row * 30 * options.scale;
        markup += `<rect x="${fmt(wx)}" y="${fmt(wy)}" width="${fmt(windowWidth)}" height="${fmt(15 * options.scale)}" fill="${options.windows}" opacity="${fmt(options.windowOpacity * random.between(0.6, 1))}"/>`;
      }
    }
  }
  return markup;
}
