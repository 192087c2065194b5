import { drawVignette } from './finish.ts';
import {
  NEUTRAL_LANDSCAPES,
  pickNeutralLandscape,
  resolveLandscape,
  type Landscape,
} from './landscapes.ts';
import { createRandom, hashString } from './random.ts';
import { drawCamp } from './scenes/camp.ts';
import { drawCity } from './scenes/city.ts';
import { drawCruise } from './scenes/cruise.ts';
import { drawHorsePortrait } from './scenes/horse-portrait.ts';
import { drawLandscape } from './scenes/landscape.ts';
import { drawPortrait } from './scenes/portrait.ts';
import { drawTrail } from './scenes/trail.ts';
import { STILL_CAMERA, SvgCanvas, type Camera } from './svg.ts';
import type { LandscapeName, MediaScene } from '@gallop/api/src/modules/media/index.ts';

export interface SceneRequest {
  scene: MediaScene;
  seed: number;
  width: number;
  height: number;
  camera?: Camera;
  /** The kind of place shown; without one, a temperate place that could be anywhere. */
  landscape?: LandscapeName | undefined;
}

export interface SceneSvg {
  svg: string;
  /** Pixels to crop from each edge after rasterising (see `SvgCanvas.bleed`). */
  bleed: number;
}

/** Neutral pictures of ships may be at sea; other neutral scenes stay inland. */
const NEUTRAL_CRUISE_LANDSCAPES: readonly LandscapeName[] = [
  ...NEUTRAL_LANDSCAPES,
  'mediterranean-coast',
  'moorland-coast',
];

/** The landscape a picture is drawn in: the one asked for, or a neutral one from the seed. */
function sceneLandscape(request: Omit<SceneRequest, 'width' | 'height'>): Landscape {
  if (request.landscape) return resolveLandscape(request.landscape);
  const random = createRandom(hashString(`${request.scene}:place`) ^ request.seed);
  return pickNeutralLandscape(
    random,
    request.scene === 'cruise' ? NEUTRAL_CRUISE_LANDSCAPES : NEUTRAL_LANDSCAPES,
  );
}

/** The SVG of a generated picture, drawn straight at the requested pixel size. */
export function renderSceneSvg(request: SceneRequest): SceneSvg {
  const { scene, seed, width, height, camera } = request;
  const canvas = new SvgCanvas(width, height, camera ?? STILL_CAMERA);
  // The scene name is part of the seed, so landscape/7 and horse/7 are unrelated pictures.
  const random = createRandom(hashString(scene) ^ Math.imul(seed, 0x9e3779b1));
  const landscape = sceneLandscape(request);
  switch (scene) {
    case 'camp':
      drawCamp(canvas, random, landscape);
      break;
    case 'horse':
      drawHorsePortrait(canvas, random, landscape);
      break;
    case 'portrait':
      drawPortrait(canvas, random, landscape);
      break;
    case 'city':
      drawCity(canvas, random, landscape);
      break;
    case 'cruise':
      drawCruise(canvas, random, landscape);
      break;
    case 'trail':
      drawTrail(canvas, random, landscape);
      break;
    default:
      drawLandscape(canvas, random, landscape);
  }
  drawVignette(canvas);
  return { svg: canvas.toString(), bleed: canvas.bleed };
}
