import type { Sharp } from 'sharp';
import {
  encodeImage,
  loadSharp,
  type GeneratedPicture,
  type ImageVariant,
} from '@gallop/api/src/modules/media/index.ts';
import { renderSceneSvg } from './render/scene.ts';
import type { Camera } from './render/svg.ts';

/** Generated pictures are composed for 3:2; a `00` height keeps that ratio. */
const GENERATED_ASPECT = 3 / 2;

/** Rasterises a scene straight at the pixel size asked for: no oversized render to shrink. */
export async function rasterizeScene(
  picture: GeneratedPicture,
  width: number,
  height: number,
  camera?: Camera,
): Promise<Sharp> {
  const { svg, bleed } = renderSceneSvg({ ...picture, width, height, camera });
  const sharp = await loadSharp();
  const image = sharp(Buffer.from(svg));
  return bleed > 0 ? image.extract({ left: bleed, top: bleed, width, height }) : image;
}

export async function renderGeneratedImage(
  picture: GeneratedPicture,
  variant: ImageVariant,
): Promise<Buffer> {
  const height = variant.height ?? Math.round(variant.width / GENERATED_ASPECT);
  // The scene is composed for the requested aspect (a wider frame shows more of the same world),
  // which is what `fit: cover` would give, without the cost of drawing a larger picture first.
  return encodeImage(await rasterizeScene(picture, variant.width, height), variant.format);
}
