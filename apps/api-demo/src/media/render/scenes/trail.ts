import { darken, lighten, mix } from '../color.ts';
import { grassTufts, horseSilhouette, place } from '../figures.ts';
import type { Landscape } from '../landscapes.ts';
import { landColor, pickLight, silhouetteColor } from '../palettes.ts';
import type { Random } from '../random.ts';
import { drawSky } from '../sky.ts';
import { fmt, smoothLine, type Point, type SvgCanvas } from '../svg.ts';
import { makeRidge } from '../terrain.ts';
import { drawFarRange, drawHills, drawMist, drawTree } from './backdrop.ts';

/**
 * A trail winding across a meadow into the hills, riders in file along it, trees by the way:
 * the view a reviewer would share from a ride.
 */
export function drawTrail(canvas: SvgCanvas, random: Random, landscape: Landscape): void {
  const colors = landscape.colors;
  const light = pickLight(random.fork('light'));
  const horizon = random.between(470, 540);
  drawSky(canvas, random.fork('sky'), light, { horizon });
  drawFarRange(canvas, random.fork('far'), landscape, light, horizon);
  drawMist(canvas, light, horizon + 5, 110, 0.7);

  const kinds = landscape.trees;
  drawHills(canvas, random.fork('hills'), light, {
    base: horizon + 35,
    amplitude: 40,
    wavelength: random.between(240, 360),
    depth: 0.7,
    color: landColor(colors.middle, light, 0.6),
    trees: { kinds, height: 30, density: landscape.treeDensity[0] * 0.75, shade: 0.1 },
  });

  // The meadow is a ground plane: things shrink towards the eye line in proportion to y - eye.
  const meadowTop = horizon + 70;
  const eye = meadowTop - 15;
  const scaleAt = (y: number) => (y - eye) / 420;
  const meadow = makeRidge(canvas, random.fork('meadow'), {
    base: meadowTop,
    amplitude: 14,
    wavelength: 500,
    octaves: 2,
  });
  const meadowColor = landColor(colors.ground, light, 0.15);
  const meadowFill = canvas.verticalWorldGradient(
    [
      { offset: 0, color: mix(meadowColor, light.haze, 0.35) },
      { offset: 0.35, color: meadowColor },
      { offset: 1, color: darken(meadowColor, 0.28) },
    ],
    meadowTop - 20,
    1000,
  );
  const texture: string[] = [
    `<path d="${smoothLine(meadow.points)}L${fmt(canvas.spanEnd)} 1300L${fmt(canvas.spanStart)} 1300Z" fill="${meadowFill}"/>`,
  ];
  // Soft bands of longer and shorter grass.
  for (let index = 0; index < 9; index += 1) {
    const y = random.between(meadowTop + 20, 1000);
    texture.push(
      `<ellipse cx="${fmt(random.between(canvas.left, canvas.right))}" cy="${fmt(y)}" rx="${fmt(canvas.width * random.between(0.3, 0.7))}" ry="${fmt(scaleAt(y) * 40)}" fill="${random.chance(0.5) ? darken(meadowColor, 0.25) : lighten(meadowColor, 0.12)}" opacity="0.2"/>`,
    );
  }

  // The trail, in screen space: from a bottom corner, across the meadow, into the hills.
  const side = random.chance(0.5) ? -1 : 1;
  const w = canvas.width;
  const centre: Point[] = [
    { x: side * w * random.between(0.2, 0.35), y: 1080 },
    { x: side * w * random.between(0.02, 0.1), y: eye + 330 },
    { x: -side * w * random.between(0.15, 0.3), y: eye + random.between(150, 190) },
    { x: -side * w * random.between(0.02, 0.12), y: eye + 70 },
    { x: side * w * random.between(0.05, 0.12), y: eye + 30 },
    { x: side * w * random.between(0.1, 0.16), y: eye + 12 },
  ];
  const samples = sampleCurve(centre, 24);
  const edge = (sign: number) =>
    samples.map((point, index) => {
      const before = samples[Math.max(0, index - 1)]!;
      const after = samples[Math.min(samples.length - 1, index + 1)]!;
      const length = Math.hypot(after.x - before.x, after.y - before.y) || 1;
      const half = 95 * scaleAt(point.y);
      // Foreshortened: the trail is wide across and thin in depth.
      return {
        x: point.x + sign * (-(after.y - before.y) / length) * half,
        y: point.y + sign * ((after.x - before.x) / length) * half * 0.3,
      };
    });
  const dust = mix(lighten(landscape.trail, 0.05), light.tint, 0.25);
  const trailFill = canvas.verticalWorldGradient(
    [
      { offset: 0, color: mix(dust, light.haze, 0.45) },
      { offset: 1, color: darken(dust, 0.2) },
    ],
    eye,
    1000,
  );
  texture.push(
    `<path d="${smoothLine(edge(1))}${smoothLine(edge(-1).reverse()).replace(/^M/, 'L')}Z" fill="${trailFill}" opacity="0.92"/>`,
  );
  const nearTrail = (x: number, y: number, margin: number) =>
    samples.some(
      (point) => Math.abs(point.y - y) < 40 * scaleAt(y) + 8 && Math.abs(point.x - x) < margin,
    );

  // Wild flowers close by, where grass grows.
  const flowerColor = random.pick(['#f4e7b0', '#f2c6d8', '#ffffff', '#d9c6f0']);
  for (let index = 0; index < (landscape.grass ? 110 : 0); index += 1) {
    const y = eye + 60 + random.next() ** 0.5 * (1000 - eye - 60);
    const x = random.between(canvas.left, canvas.right);
    if (nearTrail(x, y, 120 * scaleAt(y))) continue;
    texture.push(
      `<circle cx="${fmt(x)}" cy="${fmt(y)}" r="${fmt(2 + 3 * scaleAt(y))}" fill="${flowerColor}" opacity="${fmt(random.between(0.45, 0.85))}"/>`,
    );
  }
  canvas.layer(0.3, texture.join(''));

  // Trees and riders, far to near (sorted by y), sized by their distance.
  const items: { y: number; markup: string }[] = [];
  const treeColor = (y: number) =>
    mix(darken(colors.foliage, light.shadow * 0.5), light.haze, Math.max(0, 0.5 - scaleAt(y)));
  // Open country has a few trees along the way, woodland many.
  const trees = kinds.length === 0 ? 0 : Math.round(6 + Math.min(16, landscape.treeDensity[1] / 4));
  for (let index = 0; index < trees; index += 1) {
    const y = eye + 25 + random.next() ** 1.6 * (900 - eye);
    const x = random.between(canvas.spanStart, canvas.spanEnd);
    const height = 330 * scaleAt(y);
    if (nearTrail(x, y, 150 * scaleAt(y) + height * 0.4)) continue;
    const shadow = `<ellipse cx="${fmt(x + height * 0.15)}" cy="${fmt(y + 1)}" rx="${fmt(height * 0.3)}" ry="${fmt(height * 0.045)}" fill="${darken(meadowColor, 0.5)}" opacity="0.35"/>`;
    const color = treeColor(y);
    items.push({
      y,
      markup: `${shadow}<g fill="${color}" stroke="${color}">${drawTree(random.weighted(kinds), random, x, y + 2, height)}</g>`,
    });
  }

  // Riders in file on the stretch that crosses the meadow, heading away from the viewer.
  const figureColor = silhouetteColor(colors, light);
  const riders = random.int(2, 4);
  let index = Math.round(samples.length * random.between(0.22, 0.3));
  let previous: Point | undefined;
  for (let rider = 0; rider < riders && index < samples.length - 2; rider += 1) {
    while (previous && index < samples.length - 2) {
      const candidate = samples[index]!;
      if (Math.abs(candidate.x - previous.x) > 170 * scaleAt(previous.y) * 1.05) break;
      index += 1;
    }
    const here = samples[index]!;
    const ahead = samples[index + 1]!;
    if (scaleAt(here.y) < 0.12) break;
    previous = here;
    const color = mix(figureColor, light.haze, Math.max(0, 0.35 - scaleAt(here.y)));
    items.push({
      y: here.y,
      markup: place(
        horseSilhouette(color, { gait: random.pick(['walk', 'walk', 'trot'] as const) }),
        here.x,
        here.y + 3 * scaleAt(here.y),
        scaleAt(here.y) * 1.15,
        ahead.x < here.x,
      ),
    });
  }
  items.sort((a, b) => a.y - b.y);
  canvas.layer(0.3, items.map((item) => item.markup).join(''));

  const border = makeRidge(canvas, random.fork('border'), {
    base: 990,
    amplitude: 12,
    wavelength: 200,
    octaves: 2,
  });
  if (landscape.grass) {
    canvas.layer(
      0.3,
      `<g fill="${darken(meadowColor, 0.35)}">${grassTufts(random.fork('grass'), border.heightAt, canvas.spanStart, canvas.spanEnd, 34)}</g>`,
    );
  }
}

/** Points along a Catmull-Rom curve through `points`, `perSegment` per span. */
function sampleCurve(points: readonly Point[], perSegment: number): Point[] {
  const result: Point[] = [];
  for (let index = 0; index < points.length - 1; index += 1) {
    const p0 = points[index - 1] ?? points[index]!;
    const p1 = points[index]!;
    const p2 = points[index + 1]!;
    const p3 = points[index + 2] ?? p2;
    for (let step = 0; step < perSegment; step += 1) {
      const t = step / perSegment;
      const t2 = t * t;
      const t3 = t2 * t;
      const at = (a: number, b: number, c: number, d: number) =>
        0.5 *
        (2 * b + (-a + c) * t + (2 * a - 5 * b + 4 * c - d) * t2 + (-a + 3 * b - 3 * c + d) * t3);
      result.push({ x: at(p0.x, p1.x, p2.x, p3.x), y: at(p0.y, p1.y, p2.y, p3.y) });
    }
  }
  result.push(points.at(-1)!);
  return result;
}
