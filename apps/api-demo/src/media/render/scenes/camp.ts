import { darken, mix } from '../color.ts';
import { grassTufts, horseSilhouette, place } from '../figures.ts';
import type { Landscape } from '../landscapes.ts';
import { landColor, LIGHTS, type Light } from '../palettes.ts';
import type { Random } from '../random.ts';
import { drawSky } from '../sky.ts';
import { fmt, type SvgCanvas } from '../svg.ts';
import { makeRidge } from '../terrain.ts';
import { drawFarRange, drawHills, drawLand, drawMist, drawTree } from './backdrop.ts';

const FIRE = { core: '#fff4c2', flame: '#ffb347', ember: '#ff6a2b', glow: '#ff9a4a' };

/**
 * An evening camp: tents and a campfire under a deep sky, riders resting by the fire and the
 * horses tethered nearby. The fire is the light source, so everything warms towards it.
 */
export function drawCamp(canvas: SvgCanvas, random: Random, landscape: Landscape): void {
  const colors = landscape.colors;
  const light: Light = random.chance(0.6) ? LIGHTS.night : LIGHTS.dusk;
  const horizon = random.between(540, 600);
  drawSky(canvas, random.fork('sky'), light, { horizon, clouds: random.int(0, 2), birds: false });
  drawFarRange(canvas, random.fork('far'), landscape, light, horizon);
  drawMist(canvas, light, horizon + 5, 80, 0.5);

  drawHills(canvas, random.fork('hills'), light, {
    base: horizon + 60,
    amplitude: 45,
    wavelength: 320,
    depth: 0.5,
    color: darken(landColor(colors.middle, light, 0.45), 0.3),
    trees: {
      kinds: landscape.trees,
      height: 50,
      density: Math.min(80, landscape.treeDensity[1] * 1.2),
      shade: 0.15,
    },
  });

  const ground = makeRidge(canvas, random.fork('ground'), {
    base: horizon + 170,
    amplitude: 20,
    wavelength: 600,
    octaves: 2,
  });
  const groundColor = darken(landColor(colors.ground, light, 0.1), 0.4);
  drawLand(canvas, ground, groundColor, light, 0.2, { mistAmount: 0, shadeBottom: 0.4 });

  const side = random.chance(0.5) ? -1 : 1;
  const fireX = side * canvas.width * random.between(0.02, 0.12);
  const fireY = random.between(860, 900);
  const glowRadius = 420;
  const parts: string[] = [];
  // Light pooled on the ground around the fire.
  const pool = canvas.radialGradient(
    [
      { offset: 0, color: FIRE.glow, opacity: 0.75 },
      { offset: 0.35, color: FIRE.ember, opacity: 0.3 },
      { offset: 1, color: FIRE.ember, opacity: 0 },
    ],
    { x: fireX, y: fireY },
    glowRadius,
    0.38,
  );
  parts.push(
    `<ellipse cx="${fmt(fireX)}" cy="${fmt(fireY)}" rx="${glowRadius}" ry="${fmt(glowRadius * 0.38)}" fill="${pool}"/>`,
  );

  const shadowColor = mix(darken(groundColor, 0.55), '#0d0a12', 0.4);
  // A tent or two beyond the fire, their sides lit orange.
  const tents = random.int(1, 2);
  for (let tent = 0; tent < tents; tent += 1) {
    const x = fireX - side * (160 + tent * random.between(170, 220)) + random.between(-30, 30);
    const y = fireY - random.between(40, 70) - tent * 15;
    const size = random.between(120, 160) * (1 - tent * 0.15);
    parts.push(drawTent(canvas, x, y, size, fireX, random));
  }

  // Riders on logs round the fire.
  const sitters = random.int(2, 3);
  for (let sitter = 0; sitter < sitters; sitter += 1) {
    const offset =
      (sitter - (sitters - 1) / 2) * random.between(150, 190) + random.between(-15, 15);
    const x = fireX + offset + (offset === 0 ? 140 : 0);
    const y = fireY + random.between(-10, 25);
    parts.push(sittingPerson(x, y, x < fireX ? 1 : -1, shadowColor, random));
  }

  // The fire: logs, flames and sparks.
  parts.push(
    `<path d="M${fmt(fireX - 38)} ${fmt(fireY + 6)}L${fmt(fireX + 34)} ${fmt(fireY - 8)}" stroke="#3a2418" stroke-width="9" stroke-linecap="round"/>`,
    `<path d="M${fmt(fireX - 34)} ${fmt(fireY - 8)}L${fmt(fireX + 38)} ${fmt(fireY + 6)}" stroke="#4a2e1e" stroke-width="9" stroke-linecap="round"/>`,
  );
  const flameGlow = canvas.radialGradient(
    [
      { offset: 0, color: FIRE.core, opacity: 0.9 },
      { offset: 0.3, color: FIRE.flame, opacity: 0.45 },
      { offset: 1, color: FIRE.ember, opacity: 0 },
    ],
    { x: fireX, y: fireY - 40 },
    170,
  );
  parts.push(`<circle cx="${fmt(fireX)}" cy="${fmt(fireY - 40)}" r="170" fill="${flameGlow}"/>`);
  for (const [color, height, width] of [
    [FIRE.ember, 95, 34],
    [FIRE.flame, 72, 24],
    [FIRE.core, 44, 13],
  ] as const) {
    const lean = random.between(-8, 8);
    parts.push(
      `<path d="M${fmt(fireX - width)} ${fmt(fireY)}C${fmt(fireX - width)} ${fmt(fireY - height * 0.5)} ${fmt(fireX + lean - 4)} ${fmt(fireY - height * 0.7)} ${fmt(fireX + lean)} ${fmt(fireY - height)}C${fmt(fireX + lean + 6)} ${fmt(fireY - height * 0.6)} ${fmt(fireX + width)} ${fmt(fireY - height * 0.45)} ${fmt(fireX + width)} ${fmt(fireY)}Z" fill="${color}"/>`,
    );
  }
  for (let spark = 0; spark < 14; spark += 1) {
    parts.push(
      `<circle cx="${fmt(fireX + random.between(-50, 50))}" cy="${fmt(fireY - random.between(100, 260))}" r="${fmt(random.between(1.2, 2.6))}" fill="${FIRE.core}" opacity="${fmt(random.between(0.4, 0.95))}"/>`,
    );
  }

  // Horses resting at the edge of the light.
  const horses = random.int(1, 2);
  const horseX = fireX + side * random.between(280, 340);
  for (let horse = 0; horse < horses; horse += 1) {
    const x = horseX + side * horse * 150;
    const y = fireY - 70 - horse * 12;
    parts.push(
      place(
        horseSilhouette(shadowColor, { rider: false, gait: 'stand' }),
        x,
        y,
        1 - horse * 0.08,
        side > 0,
      ),
    );
  }
  // A big spreading tree at the edge of camp where trees grow thickly: the landscape's own kind.
  const tallKind = landscape.trees
    .map(([kind]) => kind)
    .find((kind) => kind === 'conifer' || kind === 'broadleaf' || kind === 'palm');
  if (tallKind && landscape.treeDensity[1] >= 24) {
    const treeX = fireX - side * random.between(420, 520);
    parts.push(
      `<g fill="${shadowColor}" stroke="${shadowColor}">${drawTree(tallKind, random, treeX, fireY - 20, 420)}</g>`,
    );
  }
  if (landscape.grass) {
    parts.push(
      `<g fill="${darken(groundColor, 0.3)}">${grassTufts(random.fork('grass'), () => 995, canvas.spanStart, canvas.spanEnd, 26)}</g>`,
    );
  }
  canvas.layer(0.2, parts.join(''));
}

function drawTent(
  canvas: SvgCanvas,
  x: number,
  y: number,
  size: number,
  fireX: number,
  random: Random,
): string {
  const canvasColor = random.pick(['#d9c7a6', '#c9b48a', '#b9a27a', '#a8b08e']);
  const litSide = fireX > x ? 1 : -1;
  const lit = mix(canvasColor, FIRE.flame, 0.35);
  const dark = darken(canvasColor, 0.72);
  const fill = canvas.linearGradient(
    [
      { offset: 0, color: litSide > 0 ? dark : lit },
      { offset: 1, color: litSide > 0 ? lit : dark },
    ],
    { x: 0, y: 0 },
    { x: 1, y: 0 },
  );
  const half = size * 0.75;
  return (
    `<path d="M${fmt(x - half)} ${fmt(y)}L${fmt(x - size * 0.05)} ${fmt(y - size)}L${fmt(x + size * 0.05)} ${fmt(y - size)}L${fmt(x + half)} ${fmt(y)}Z" fill="${fill}"/>` +
    `<path d="M${fmt(x - size * 0.16)} ${fmt(y)}L${fmt(x)} ${fmt(y - size * 0.55)}L${fmt(x + size * 0.16)} ${fmt(y)}Z" fill="${mix(FIRE.ember, '#2a1810', 0.55)}"/>` +
    `<path d="M${fmt(x)} ${fmt(y - size)}L${fmt(x)} ${fmt(y - size - 16)}" stroke="${dark}" stroke-width="3"/>`
  );
}

/** A person sitting on a log, seen from the side, facing the fire. */
function sittingPerson(
  x: number,
  y: number,
  facing: 1 | -1,
  color: string,
  random: Random,
): string {
  const hat = random.chance(0.6);
  const body =
    '<path d="M-34 0L40 0L36 -12L-30 -12Z"/>' + // the log
    '<path d="M-14 -12C-16 -40 -10 -70 2 -80C12 -84 20 -76 18 -60L10 -30L30 -28L34 0L20 0L18 -14L0 -12Z"/>' +
    '<circle cx="8" cy="-94" r="13"/>' +
    '<path d="M14 -66L36 -52L40 -46" stroke-width="8" fill="none" stroke-linecap="round"/>' +
    (hat
      ? '<ellipse cx="8" cy="-103" rx="22" ry="4"/><path d="M-2 -104L0 -116C4 -120 12 -120 16 -116L18 -104Z"/>'
      : '');
  return `<g transform="translate(${fmt(x)} ${fmt(y)}) scale(${facing * 1.35} 1.35)" fill="${color}" stroke="${color}">${body}</g>`;
}
