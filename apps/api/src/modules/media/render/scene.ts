import { drawVignette } from './finish.ts';
import { createRandom, hashString } from './random.ts';
import { drawCamp } from './scenes/camp.ts';
import { drawCity } from './scenes/city.ts';
import { drawCruise } from './scenes/cruise.ts';
import { drawHorsePortrait } from './scenes/horse-portrait.ts';
import { drawLandscape } from './scenes/landscape.ts';
import { drawPortrait } from './scenes/portrait.ts';
import { drawTrail } from './scenes/trail.ts';
import { STILL_CAMERA, SvgCanvas, type Camera } from './svg.ts';
import type { MediaScene } from '../urls.ts';

export interface SceneRequest {
  scene: MediaScene;
  seed: number;
  width: number;
  height: number;
  camera?: Camera;
}

export interface SceneSvg {
  svg: string;
  /** Pixels to crop from each edge after rasterising (see `SvgCanvas.bleed`). */
  bleed: number;
}

/** The SVG of a generated picture, drawn straight at the requested pixel size. */
export function renderSceneSvg({ scene, seed, width, height, camera }: SceneRequest): SceneSvg {
  const canvas = new SvgCanvas(width, height, camera ?? STILL_CAMERA);
  // The scene name is part of the seed, so landscape/7 and horse/7 are unrelated pictures.
  const random = createRandom(hashString(scene) ^ Math.imul(seed, 0x9e3779b1));
  switch (scene) {
    case 'camp':
      drawCamp(canvas, random);
      break;
    case 'horse':
      drawHorsePortrait(canvas, random);
      break;
    case 'portrait':
      drawPortrait(canvas, random);
      break;
    case 'city':
      drawCity(canvas, random);
      break;
    case 'cruise':
      drawCruise(canvas, random);
      break;
    case 'trail':
      drawTrail(canvas, random);
      break;
    default:
      drawLandscape(canvas, random);
  }
  drawVignette(canvas);
  return { svg: canvas.toString(), bleed: canvas.bleed };
}
