import { darken, mix } from '../color.ts';
import { grassTufts, horseSilhouette, place, type Gait } from '../figures.ts';
import type { Landscape } from '../landscapes.ts';
import { landColor, pickLight, silhouetteColor, type Light } from '../palettes.ts';
import type { Random } from '../random.ts';
import { drawSky } from '../sky.ts';
import type { SvgCanvas } from '../svg.ts';
import { makeRidge, type Ridge } from '../terrain.ts';
import {
  drawFarRange,
  drawHills,
  drawLand,
  drawMist,
  drawTrees,
  drawWater,
  waterUnder,
  withShore,
  withValley,
} from './backdrop.ts';

/** The far, middle and near hills between the distant range and the riders' ground. */
const HILL_LAYERS = [
  {
    rise: 20,
    amplitude: 45,
    wavelength: [220, 340],
    depth: 0.75,
    haze: 0.65,
    dip: 160,
    treeHeight: 26,
    treeShade: 0.08,
  },
  {
    rise: 110,
    amplitude: 55,
    wavelength: [280, 420],
    depth: 0.45,
    haze: 0.42,
    dip: 240,
    treeHeight: 55,
    treeShade: 0.12,
  },
  {
    rise: 190,
    amplitude: 45,
    wavelength: [300, 460],
    depth: 0.25,
    haze: 0.22,
    dip: 280,
    treeHeight: 90,
    treeShade: 0.18,
  },
] as const;

export interface LandscapeOptions {
  light?: Light;
  /** Riders in the foreground (0 for an empty landscape). */
  riders?: number;
}

/**
 * A wide landscape: sky, a distant range, mist, water in the valley, wooded hills and riders
 * crossing the foreground against the light.
 */
export function drawLandscape(
  canvas: SvgCanvas,
  random: Random,
  landscape: Landscape,
  options: LandscapeOptions = {},
): void {
  const colors = landscape.colors;
  const light = options.light ?? pickLight(random.fork('light'));
  const horizon = random.between(520, 610);
  const { sunX } = drawSky(canvas, random.fork('sky'), light, { horizon });

  const far = drawFarRange(canvas, random.fork('far'), landscape, light, horizon);
  drawMist(canvas, light, horizon + 5, 120, 0.75);

  const waterKind: 'sea' | 'lake' | 'none' = landscape.sea
    ? 'sea'
    : random.chance(landscape.lakeChance)
      ? 'lake'
      : 'none';
  const shoreSide: -1 | 1 = sunX < 0 ? -1 : 1;
  const valleyX = sunX * random.between(0.4, 1);
  // The sea opens on the sun's side; its shore runs from a near corner towards the horizon.
  const shoreStart = random.between(0, 0.12);
  const opening = (ridge: Ridge, depthOfDip: number, layerDepth: number): Ridge =>
    waterKind === 'sea'
      ? withShore(
          ridge,
          shoreSide * canvas.width * (shoreStart + 0.38 * (1 - layerDepth)),
          shoreSide,
          600,
        )
      : waterKind === 'lake'
        ? withValley(ridge, valleyX, canvas.width * 0.22, depthOfDip)
        : ridge;

  if (waterKind !== 'none') {
    drawWater(canvas, random.fork('water'), waterUnder(far, landscape, light, horizon + 22, sunX));
  }
  const kinds = landscape.trees;
  landscape.treeDensity.forEach((density, index) => {
    const layer = HILL_LAYERS[index]!;
    drawHills(canvas, random.fork(`hills${index}`), light, {
      base: horizon + layer.rise,
      amplitude: index === 0 && landscape.range === 'snowy' ? 70 : layer.amplitude,
      wavelength: random.between(layer.wavelength[0], layer.wavelength[1]),
      depth: layer.depth,
      color: landColor(index === 2 ? colors.near : colors.middle, light, layer.haze),
      reshape: (ridge) => opening(ridge, layer.dip, layer.depth),
      trees: { kinds, height: layer.treeHeight, density, shade: layer.treeShade },
    });
  });

  const ground = opening(
    makeRidge(canvas, random.fork('ground'), {
      base: random.between(840, 880),
      amplitude: 55,
      wavelength: random.between(500, 800),
      octaves: 2,
    }),
    0,
    0,
  );
  const groundColor = landColor(colors.ground, light, 0.08);
  drawLand(canvas, ground, groundColor, light, 0, { mistAmount: 0, shadeBottom: 0.3 });

  const figureColor = silhouetteColor(colors, light);
  const riders =
    options.riders ??
    random.weighted([
      [1, 5],
      [2, 3],
      [3, 2],
    ]);
  const layout = placeRiders(
    canvas,
    random.fork('riders'),
    ground,
    riders,
    waterKind === 'sea' ? (shoreSide === 1 ? -1 : 1) : 0,
    figureColor,
  );
  drawTrees(canvas, random.fork('near-trees'), ground, kinds, {
    color: mix(figureColor, groundColor, 0.25),
    depth: 0,
    height: 170,
    // A wood or two near the riders where trees grow thickly, a lone tree elsewhere.
    density: landscape.treeDensity[2] >= 30 ? 6 : landscape.treeDensity[2] > 0 ? 3 : 0,
    avoid: (x) => x > layout.from - 120 && x < layout.to + 120,
  });
  const grass = !landscape.grass
    ? ''
    : `<g fill="${darken(groundColor, 0.12)}">${grassTufts(random.fork('grass'), ground.heightAt, canvas.spanStart, canvas.spanEnd, 14)}</g>`;
  canvas.layer(0, `${grass}<g fill="${figureColor}">${layout.markup}</g>`);
}

interface RiderLayout {
  markup: string;
  from: number;
  to: number;
}

/**
 * Riders in single file on the foreground ground, placed on a third of the frame and facing
 * into it. `preferSide` keeps them on the land when the sea takes one side (-1 left, 1 right).
 */
function placeRiders(
  canvas: SvgCanvas,
  random: Random,
  ground: Ridge,
  count: number,
  preferSide: -1 | 0 | 1,
  color: string,
): RiderLayout {
  if (count === 0) return { markup: '', from: 0, to: 0 };
  const side = preferSide === 0 ? (random.chance(0.5) ? -1 : 1) : preferSide;
  const facingLeft = side > 0;
  const scale = random.between(1.1, 1.45) * Math.min(1, canvas.width / 1500 + 0.3);
  const leadX = side * canvas.width * random.between(0.04, 0.16);
  const spacing = 175 * scale;
  const gait: Gait = random.weighted([
    ['walk', 6],
    ['stand', 1],
    ['trot', 2],
  ]);
  let markup = '';
  let from = leadX;
  let to = leadX;
  for (let index = 0; index < count; index += 1) {
    // Followers trail behind the leader (away from the direction of travel).
    const x = leadX + (facingLeft ? 1 : -1) * index * spacing * random.between(0.9, 1.15);
    const y = ground.heightAt(x) + 6 * scale;
    const figure = horseSilhouette(color, {
      rider: true,
      gait: index === 0 ? gait : random.pick<Gait>(['walk', 'walk', 'stand', 'trot']),
    });
    markup += place(figure, x, y, scale, facingLeft);
    from = Math.min(from, x - 80 * scale);
    to = Math.max(to, x + 80 * scale);
  }
  return { markup, from, to };
}
