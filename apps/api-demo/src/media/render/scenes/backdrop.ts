import { darken, lighten, mix } from '../color.ts';
import { acacia, broadleaf, cactus, conifer, palm, poplar, shrub } from '../figures.ts';
import type { Landscape, TreeKind, TreeKinds } from '../landscapes.ts';
import { landColor, type Light } from '../palettes.ts';
import type { Random } from '../random.ts';
import { drawSky } from '../sky.ts';
import { fmt, polyline, type SvgCanvas } from '../svg.ts';
import { makeRidge, ridgePath, type Ridge } from '../terrain.ts';

/**
 * Shared layers of the outdoor scenes: distant ranges, valley mist, hills with trees and still
 * water. Every layer takes a depth (1 far, 0 near) for its haze and its parallax.
 */

/** Lowers a ridge around `centerX`, opening a valley (for a lake or the sea). */
export function withValley(ridge: Ridge, centerX: number, width: number, depth: number): Ridge {
  return lowered(ridge, (x) => depth * Math.exp(-(((x - centerX) / width) ** 2)));
}

/** Lowers a ridge on one side, for a coast: `side` -1 opens the left, 1 the right. */
export function withShore(ridge: Ridge, edgeX: number, side: -1 | 1, depth: number): Ridge {
  return lowered(ridge, (x) => depth / (1 + Math.exp(((edgeX - x) * side) / 40)));
}

function lowered(ridge: Ridge, loweredAt: (x: number) => number): Ridge {
  const heightAt = (x: number) => ridge.heightAt(x) + loweredAt(x);
  return {
    heightAt,
    loweredAt,
    points: ridge.points.map((point) => ({ x: point.x, y: heightAt(point.x) })),
  };
}

/** A band of land with haze collecting at its foot. */
export function drawLand(
  canvas: SvgCanvas,
  ridge: Ridge,
  color: string,
  light: Light,
  depth: number,
  options: { smooth?: boolean; mistAmount?: number; rim?: string; shadeBottom?: number } = {},
): void {
  const top = Math.min(...ridge.points.map((point) => point.y));
  const mistColor = mix(light.haze, light.skyHorizon, 0.4);
  const fill = canvas.verticalWorldGradient(
    [
      { offset: 0, color: lighten(color, 0.04) },
      { offset: 0.55, color },
      {
        offset: 1,
        color: darken(
          mix(color, mistColor, options.mistAmount ?? (0.3 * depth + 0.05) * light.hazeStrength),
          options.shadeBottom ?? 0,
        ),
      },
    ],
    top,
    top + (options.shadeBottom ? 200 : 260),
  );
  const outline = ridgePath(ridge, 1300, options.smooth ?? true);
  // A rim of light along the crest when the sun is low behind the land.
  const rim = options.rim
    ? `<path d="${outline}" fill="none" stroke="${options.rim}" stroke-width="1.5" opacity="0.3"/>`
    : '';
  canvas.layer(depth, `<path d="${outline}" fill="${fill}"/>${rim}`);
}

/** A distant range typical of the landscape; returns its ridge. */
export function drawFarRange(
  canvas: SvgCanvas,
  random: Random,
  landscape: Landscape,
  light: Light,
  horizon: number,
): Ridge {
  const depth = 1;
  const warmRock = landscape.range === 'mesas' || landscape.range === 'dunes';
  // Red rock and sand stay warm at a distance; other ranges fade further into the haze.
  const color = landColor(landscape.colors.far, light, warmRock ? 0.6 : 0.85);
  switch (landscape.range) {
    case 'snowy': {
      const ridge = makeRidge(canvas, random, {
        base: horizon - random.between(90, 150),
        amplitude: random.between(150, 230),
        wavelength: random.between(260, 420),
        octaves: 5,
        roughness: 0.45,
        jagged: true,
      });
      drawSnowyRange(canvas, ridge, color, light, depth);
      return ridge;
    }
    case 'mesas': {
      const ridge = mesas(canvas, random, horizon);
      drawLand(canvas, ridge, color, light, depth, { smooth: false, mistAmount: 0.5 });
      return ridge;
    }
    case 'dunes': {
      const ridge = makeRidge(canvas, random, {
        base: horizon - random.between(15, 40),
        amplitude: random.between(25, 50),
        wavelength: random.between(180, 300),
        octaves: 2,
      });
      drawLand(canvas, ridge, color, light, depth, { smooth: true, mistAmount: 0.4 });
      return ridge;
    }
    case 'hills':
    case 'low-hills': {
      const low = landscape.range === 'low-hills';
      const ridge = makeRidge(canvas, random, {
        base: horizon - random.between(30, low ? 70 : 110),
        amplitude: random.between(40, low ? 70 : 110),
        wavelength: random.between(300, 520),
        octaves: 4,
        jagged: !low && random.chance(0.5),
      });
      drawLand(canvas, ridge, color, light, depth, { smooth: true, mistAmount: 0.5 });
      return ridge;
    }
  }
}

function drawSnowyRange(
  canvas: SvgCanvas,
  ridge: Ridge,
  color: string,
  light: Light,
  depth: number,
): void {
  const top = Math.min(...ridge.points.map((point) => point.y));
  const snow = mix(lighten(light.tint, 0.5), light.skyHorizon, 0.35);
  const snowLine = top + 70;
  const mistColor = mix(light.haze, light.skyHorizon, 0.5);
  // The snow line is a hard stop in a shared world-space gradient, so every peak above it is white.
  const fill = canvas.verticalWorldGradient(
    [
      { offset: 0, color: snow },
      { offset: 0.2, color: mix(snow, color, 0.2) },
      { offset: 0.26, color: lighten(color, 0.08) },
      { offset: 0.6, color },
      { offset: 1, color: mix(color, mistColor, 0.55) },
    ],
    top,
    snowLine + 210,
  );
  canvas.layer(depth, `<path d="${ridgePath(ridge, 1300, false)}" fill="${fill}"/>`);
  // Shaded faces: the same ridge shifted and darkened, clipped to the range, reads as relief.
  const shade = darken(color, 0.12);
  const shaded = ridge.points.map((point, index) => {
    const previous = ridge.points[index - 1] ?? point;
    const slope = point.y - previous.y;
    return { x: point.x, y: point.y + (slope > 0 ? 4 : 30) };
  });
  const clip = canvas.clipPath(`<path d="${ridgePath(ridge, 1300, false)}"/>`);
  canvas.layer(
    depth,
    `<path d="${polyline(shaded)}L${fmt(canvas.spanEnd)} 1300L${fmt(canvas.spanStart)} 1300Z" fill="${shade}" opacity="0.22" clip-path="${clip}"/>`,
  );
}

/** Flat-topped buttes with steep sides, as in Monument Valley or Wadi Rum. */
function mesas(canvas: SvgCanvas, random: Random, horizon: number): Ridge {
  const buttes = Array.from({ length: random.int(3, 6) }, () => ({
    center: random.between(canvas.spanStart * 0.8, canvas.spanEnd * 0.8),
    halfWidth: random.between(30, 170),
    height: random.between(45, 150),
    slope: random.between(12, 30),
  }));
  const noise = makeRidge(canvas, random, { base: 0, amplitude: 1, wavelength: 60, octaves: 2 });
  const heightAt = (x: number) => {
    let rise = 0;
    for (const butte of buttes) {
      const distance = Math.abs(x - butte.center) - butte.halfWidth;
      const profile = distance <= 0 ? 1 : Math.max(0, 1 - distance / butte.slope) ** 0.6;
      rise = Math.max(rise, profile * butte.height);
    }
    return horizon - 10 - rise + noise.heightAt(x) * (rise > 0 ? 3 : 6);
  };
  const points = [];
  for (let x = canvas.spanStart; x <= canvas.spanEnd + 4; x += 4)
    points.push({ x, y: heightAt(x) });
  return { points, heightAt };
}

/** A soft band of haze, hiding the foot of a range. */
export function drawMist(
  canvas: SvgCanvas,
  light: Light,
  y: number,
  height: number,
  opacity = 0.7,
) {
  const color = mix(light.haze, light.skyHorizon, 0.5);
  const fill = canvas.verticalGradient([
    { offset: 0, color, opacity: 0 },
    { offset: 0.55, color, opacity },
    { offset: 1, color, opacity: 0 },
  ]);
  canvas.add(
    `<rect x="${fmt(canvas.spanStart)}" y="${fmt(y - height / 2)}" width="${fmt(canvas.spanEnd - canvas.spanStart)}" height="${fmt(height)}" fill="${fill}"/>`,
  );
}

export interface HillLayer {
  /** Mean height of the crest, world units from the top. */
  base: number;
  amplitude: number;
  wavelength: number;
  octaves?: number;
  /** Haze and parallax depth: 1 far, 0 near. */
  depth: number;
  /** The land colour, already lit and hazed for its depth. */
  color: string;
  /** Reshapes the crest, e.g. to open a valley or a shore. */
  reshape?: (ridge: Ridge) => Ridge;
  trees?: { kinds: TreeKinds; height: number; density: number; shade: number };
}

/** One band of hills: a crest, the land under it and the trees along it. */
export function drawHills(
  canvas: SvgCanvas,
  random: Random,
  light: Light,
  layer: HillLayer,
): Ridge {
  const crest = makeRidge(canvas, random.fork('crest'), {
    base: layer.base,
    amplitude: layer.amplitude,
    wavelength: layer.wavelength,
    octaves: layer.octaves ?? 3,
  });
  const ridge = layer.reshape ? layer.reshape(crest) : crest;
  drawLand(canvas, ridge, layer.color, light, layer.depth);
  if (layer.trees && layer.trees.density > 0) {
    drawTrees(canvas, random.fork('trees'), ridge, layer.trees.kinds, {
      color: darken(layer.color, layer.trees.shade),
      depth: layer.depth,
      height: layer.trees.height,
      density: layer.trees.density,
    });
  }
  return ridge;
}

const TREE_DRAWERS: Record<TreeKind, (random: Random, x: number, y: number, h: number) => string> =
  {
    conifer,
    broadleaf,
    poplar,
    palm,
    cactus,
    acacia,
    shrub: (random, x, y, h) => shrub(random, x, y, h * 0.35),
  };

/**
 * One tree of `kind` standing on (x, y). The kind is named on its group, so tests can read from
 * the SVG what grows in a picture.
 */
export function drawTree(
  kind: TreeKind,
  random: Random,
  x: number,
  y: number,
  height: number,
): string {
  return `<g class="${kind}">${TREE_DRAWERS[kind](random, x, y, height)}</g>`;
}

/** Trees along a ridge: `density` per 1000 units, clumped the way woods grow. */
export function drawTrees(
  canvas: SvgCanvas,
  random: Random,
  ridge: Ridge,
  kinds: TreeKinds,
  options: {
    color: string;
    depth: number;
    height: number;
    density: number;
    avoid?: (x: number) => boolean;
  },
): void {
  const parts: string[] = [];
  const clumps = createClumping(random);
  if (kinds.length === 0) return;
  const count = Math.round(((canvas.spanEnd - canvas.spanStart) / 1000) * options.density);
  const positions = Array.from({ length: count }, () =>
    random.between(canvas.spanStart, canvas.spanEnd),
  ).filter((x) => clumps(x) > 0.45 && !options.avoid?.(x) && (ridge.loweredAt?.(x) ?? 0) < 12);
  positions.sort((a, b) => a - b);
  for (const x of positions) {
    const height = options.height * random.between(0.65, 1.25);
    const y = ridge.heightAt(x) + height * 0.06;
    parts.push(drawTree(random.weighted(kinds), random, x, y, height));
  }
  if (parts.length > 0) {
    canvas.layer(
      options.depth,
      `<g fill="${options.color}" stroke="${options.color}">${parts.join('')}</g>`,
    );
  }
}

/** Where woods grow: a slow noise above 0.45 means "trees here". */
function createClumping(random: Random): (x: number) => number {
  const phase = random.between(0, 100);
  const frequency = random.between(0.003, 0.007);
  return (x) =>
    0.5 + 0.5 * Math.sin(x * frequency + phase) * Math.cos(x * frequency * 0.37 + phase);
}

export interface WaterOptions {
  /** y of the far shore. */
  top: number;
  sunX: number;
  light: Light;
  color: string;
  /** A reflection of this range, mirrored at the waterline. */
  reflect?: { ridge: Ridge; color: string };
}

/** Calm water at the foot of a distant range, mirroring it. */
export function waterUnder(
  range: Ridge,
  landscape: Landscape,
  light: Light,
  top: number,
  sunX: number,
): WaterOptions {
  return {
    top,
    sunX,
    light,
    color: landscape.colors.water,
    reflect: { ridge: range, color: landColor(landscape.colors.far, light, 0.8) },
  };
}

/** Still water: sky colours reversed, a reflected range, a path of sunlight and ripples. */
export function drawWater(canvas: SvgCanvas, random: Random, options: WaterOptions): void {
  const { top, light } = options;
  const surface = mix(options.color, light.skyHorizon, 0.45);
  const deep = mix(options.color, light.skyTop, 0.35);
  const fill = canvas.verticalWorldGradient(
    [
      { offset: 0, color: lighten(surface, 0.15) },
      { offset: 0.35, color: surface },
      { offset: 1, color: darken(deep, 0.1) },
    ],
    top,
    top + 380,
  );
  const width = canvas.spanEnd - canvas.spanStart;
  let markup = `<rect x="${fmt(canvas.spanStart)}" y="${fmt(top)}" width="${fmt(width)}" height="${fmt(1300 - top)}" fill="${fill}"/>`;
  if (options.reflect) {
    const mirrored = options.reflect.ridge.points.map((point) => ({
      x: point.x,
      y: top + (top - point.y) * 0.8,
    }));
    markup += `<path d="${polyline(mirrored)}L${fmt(canvas.spanEnd)} ${fmt(top)}L${fmt(canvas.spanStart)} ${fmt(top)}Z" fill="${options.reflect.color}" opacity="0.28"/>`;
  }
  const glitter = canvas.linearGradient(
    [
      { offset: 0, color: light.sun, opacity: 0 },
      { offset: 0.5, color: light.sun, opacity: light.name === 'day' ? 0.35 : 0.6 },
      { offset: 1, color: light.sun, opacity: 0 },
    ],
    { x: 0, y: 0 },
    { x: 1, y: 0 },
  );
  let ripples = '';
  for (let row = 0; row < 26; row += 1) {
    const y = top + 4 + (row / 26) ** 1.6 * 320;
    const spread = 14 + (y - top) * 0.35;
    const x = options.sunX + random.between(-1, 1) * spread * 0.4;
    const length = spread * random.between(0.8, 2.2);
    ripples += `<rect x="${fmt(x - length / 2)}" y="${fmt(y)}" width="${fmt(length)}" height="${fmt(1.2 + (y - top) * 0.012)}" rx="1" fill="${glitter}"/>`;
  }
  const lines = lighten(surface, 0.25);
  for (let row = 0; row < 18; row += 1) {
    const y = top + 6 + random.next() ** 1.5 * 330;
    const x = random.between(canvas.spanStart, canvas.spanEnd);
    const length = random.between(30, 160) * (0.4 + (y - top) / 250);
    ripples += `<rect x="${fmt(x)}" y="${fmt(y)}" width="${fmt(length)}" height="${fmt(1 + (y - top) * 0.008)}" rx="1" fill="${lines}" opacity="0.35"/>`;
  }
  canvas.layer(0.6, markup + ripples);
}

/**
 * An out-of-focus outdoor background for portraits (of people and horses): a landscape blurred
 * as a wide-open lens would, with a few soft discs of light.
 */
export function drawSoftBackdrop(
  canvas: SvgCanvas,
  random: Random,
  light: Light,
  landscape: Landscape,
  horizon = random.between(560, 660),
): void {
  canvas.beginGroup(`filter="${canvas.blur(9)}"`);
  drawSky(canvas, random.fork('sky'), light, { horizon, birds: false });
  drawFarRange(canvas, random.fork('far'), landscape, light, horizon);
  drawHills(canvas, random.fork('hills'), light, {
    base: horizon + 80,
    amplitude: 50,
    wavelength: 300,
    depth: 0.4,
    color: landColor(landscape.colors.near, light, 0.35),
    trees: {
      kinds: landscape.trees,
      height: 110,
      density: Math.min(30, landscape.treeDensity[1]),
      shade: 0.15,
    },
  });
  canvas.endGroup();

  const discs: string[] = [];
  for (let index = 0; index < random.int(6, 14); index += 1) {
    const x = random.between(canvas.left, canvas.right);
    const y = random.between(horizon - 250, horizon + 200);
    const r = random.between(14, 42);
    discs.push(
      `<circle cx="${fmt(x)}" cy="${fmt(y)}" r="${fmt(r)}" fill="${lighten(light.sun, 0.2)}" opacity="${fmt(random.between(0.08, 0.22))}"/>`,
    );
  }
  canvas.layer(0.3, discs.join(''));
}
