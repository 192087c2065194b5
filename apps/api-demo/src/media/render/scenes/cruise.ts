import { darken, lighten, mix } from '../color.ts';
import type { Landscape } from '../landscapes.ts';
import { landColor, pickLight } from '../palettes.ts';
import type { Random } from '../random.ts';
import { drawSky } from '../sky.ts';
import { fmt, type SvgCanvas } from '../svg.ts';
import { makeRidge } from '../terrain.ts';
import {
  drawFarRange,
  drawLand,
  drawMist,
  drawTrees,
  drawWater,
  waterUnder,
  withShore,
} from './backdrop.ts';

/**
 * A cruise: a white river ship (or a sailing ship at sea) gliding past the banks of the
 * landscape, mirrored in calm water. A coastal landscape is at sea; others on a river or lake.
 */
export function drawCruise(canvas: SvgCanvas, random: Random, landscape: Landscape): void {
  const light = pickLight(random.fork('light'));
  const atSea = landscape.sea;
  const colors = landscape.colors;
  const horizon = random.between(540, 600);
  const { sunX } = drawSky(canvas, random.fork('sky'), light, { horizon });
  const far = drawFarRange(canvas, random.fork('far'), landscape, light, horizon);
  drawMist(canvas, light, horizon + 5, 90, 0.6);

  const waterTop = horizon + 8;
  drawWater(canvas, random.fork('water'), waterUnder(far, landscape, light, waterTop, sunX));

  // Banks: slopes on both sides of a river, or one headland at sea.
  const kinds = landscape.trees;
  const banks: { side: -1 | 1; depth: number; base: number; color: string }[] = atSea
    ? [{ side: random.chance(0.5) ? -1 : 1, depth: 0.5, base: horizon - 20, color: colors.middle }]
    : [
        { side: -1, depth: 0.6, base: horizon - 30, color: colors.middle },
        { side: 1, depth: 0.45, base: horizon - 10, color: colors.near },
      ];
  for (const bank of banks) {
    const edge = bank.side * canvas.width * random.between(0.12, 0.3);
    const ridge = withShore(
      makeRidge(canvas, random.fork(`bank${bank.side}`), {
        base: bank.base,
        amplitude: 60,
        wavelength: 260,
        octaves: 3,
      }),
      edge,
      -bank.side as -1 | 1,
      400,
    );
    // The land stops at the waterline: clip the band so the river stays open.
    const color = landColor(bank.color, light, bank.depth);
    const clip = canvas.clipPath(
      `<rect x="${fmt(canvas.spanStart)}" y="-100" width="${fmt(canvas.spanEnd - canvas.spanStart)}" height="${fmt(waterTop + 110)}"/>`,
    );
    canvas.beginGroup(`clip-path="${clip}"`);
    drawLand(canvas, ridge, color, light, bank.depth);
    drawTrees(canvas, random.fork(`trees${bank.side}`), ridge, kinds, {
      color: darken(color, 0.15),
      depth: bank.depth,
      height: 45,
      density: Math.min(90, landscape.treeDensity[0] * 0.6),
    });
    canvas.endGroup();
  }

  const facingLeft = random.chance(0.5);
  const shipX = (facingLeft ? 1 : -1) * canvas.width * random.between(0.0, 0.12);
  const shipY = waterTop + random.between(120, 190);
  const scale =
    random.between(1.1, 1.4) * ((shipY - waterTop) / 160) * Math.min(1, canvas.width / 1200);
  const ship = atSea && random.chance(0.5) ? sailingShip(light) : riverShip(random, light);
  const placed = (markup: string, mirror: boolean) =>
    `<g transform="translate(${fmt(shipX)} ${fmt(shipY)}) scale(${facingLeft ? -scale : scale} ${mirror ? -scale * 0.9 : scale})">${markup}</g>`;
  // Reflection first, a little foam at the bow, then the ship itself.
  const foam = mix(lighten(colors.water, 0.6), light.skyHorizon, 0.4);
  canvas.layer(
    0.2,
    `<g opacity="0.25">${placed(ship, true)}</g>` +
      placed(
        `<path d="M-200 2C-100 8 100 8 214 2C150 12 -140 12 -200 2Z" fill="${foam}" opacity="0.7"/>`,
        false,
      ) +
      placed(ship, false),
  );
}

/** A three-deck river cruise ship, bow to the right, waterline at y = 0. */
function riverShip(random: Random, light: ReturnType<typeof pickLight>): string {
  const white = mix('#f7f5f0', light.tint, 0.25);
  const shade = darken(white, 0.22);
  const band = random.pick(['#1f3b5a', '#6b1f2a', '#24493a', '#2b2b35']);
  const glass = mix('#27384a', light.skyMiddle, 0.25);
  const windows = (y: number, from: number, to: number, height: number) => {
    let markup = '';
    for (let x = from; x < to; x += 16) {
      markup += `<rect x="${x}" y="${y}" width="10" height="${height}" rx="2" fill="${glass}"/>`;
    }
    return markup;
  };
  return (
    // hull with a raked bow
    `<path d="M-190 0L-196 -34L170 -34C190 -34 206 -28 214 -16L200 0Z" fill="${white}"/>` +
    `<path d="M-192 -6L204 -6L200 0L-190 0Z" fill="${band}"/>` +
    windows(-26, -180, 170, 9) +
    // decks
    `<path d="M-180 -34L-180 -64L150 -64C164 -64 172 -56 176 -34Z" fill="${white}"/>` +
    windows(-58, -170, 140, 16) +
    `<path d="M-160 -64L-160 -90L110 -90C122 -90 130 -82 132 -64Z" fill="${shade}"/>` +
    windows(-84, -150, 100, 14) +
    // sun deck, awning and wheelhouse
    `<path d="M-150 -90L-150 -96L120 -96L120 -90Z" fill="${darken(white, 0.1)}"/>` +
    `<path d="M-120 -96L-120 -112L-20 -112L-20 -96Z" fill="${band}" opacity="0.85"/>` +
    `<path d="M60 -96L60 -118L100 -118L108 -96Z" fill="${white}"/><rect x="66" y="-114" width="34" height="8" fill="${glass}"/>` +
    `<path d="M-196 -34L-196 -44L-186 -44" stroke="${shade}" stroke-width="2" fill="none"/>`
  );
}

/** A two-masted sailing ship, bow to the right. */
function sailingShip(light: ReturnType<typeof pickLight>): string {
  const sail = mix('#f3ede0', light.tint, 0.3);
  const sailShade = darken(sail, 0.15);
  const hull = '#5a3a26';
  return (
    `<path d="M-170 -40L180 -40L150 0L-150 0Z" fill="${hull}"/>` +
    `<path d="M-170 -40L180 -40L176 -32L-168 -32Z" fill="${lighten(hull, 0.25)}"/>` +
    `<path d="M-40 -40V-300M80 -40V-260" stroke="${darken(hull, 0.2)}" stroke-width="5"/>` +
    `<path d="M-44 -290C-110 -240 -120 -130 -100 -60L-44 -60Z" fill="${sailShade}"/>` +
    `<path d="M-36 -290C10 -240 24 -140 10 -60L-36 -60Z" fill="${sail}"/>` +
    `<path d="M84 -250C140 -210 148 -130 134 -64L84 -64Z" fill="${sail}"/>` +
    `<path d="M84 -250L180 -44L84 -70Z" fill="${sailShade}" opacity="0.6"/>` +
    `<path d="M-40 -300l24 8l-24 8Z" fill="#a3392c"/>`
  );
}
