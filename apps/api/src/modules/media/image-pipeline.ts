import type { default as sharp, Sharp } from 'sharp';
import type { ImageFormat } from './formats.ts';
import type { LandscapeName } from './landscapes.ts';
import type { MediaScene } from './urls.ts';

let loadingSharp: Promise<typeof sharp> | undefined;

/**
 * sharp (libvips) loads with the first picture rather than at every start, where it cost about
 * 35 ms of a reopen (decision 076).
 */
export function loadSharp(): Promise<typeof sharp> {
  return (loadingSharp ??= import('sharp').then((module) => module.default));
}

/**
 * Bump when the drawings change: it is part of every cache key and ETag, so new pictures are
 * rendered instead of old files being served from the disk cache.
 */
export const MEDIA_RENDER_VERSION = 2;

export interface ImageVariant {
  width: number;
  /** `undefined` keeps the source's aspect ratio. */
  height: number | undefined;
  format: ImageFormat;
}

/** Encoder settings, chosen for illustrations (flat colour, soft gradients) at card sizes. */
export function encodeImage(image: Sharp, format: ImageFormat): Promise<Buffer> {
  switch (format) {
    case 'jpeg':
      return image.jpeg({ quality: 82, mozjpeg: true }).toBuffer();
    case 'webp':
      return image.webp({ quality: 80, effort: 4 }).toBuffer();
    case 'avif':
      // Effort 2 keeps a 1200 px encode to a few hundred milliseconds (the default takes seconds).
      return image.avif({ quality: 55, effort: 2 }).toBuffer();
    case 'png':
      return image.png({ compressionLevel: 8 }).toBuffer();
  }
}

/**
 * What a generated picture shows: a scene, its seed and, for a real place, its landscape. The
 * demo package draws it (`MediaRenderer`); the API only stores and serves the result.
 */
export interface GeneratedPicture {
  scene: MediaScene;
  seed: number;
  landscape?: LandscapeName | undefined;
}

/**
 * The extension point for uploaded media: the same variants and encoders for a stored file
 * (a path or its bytes). Explicit sizes are cropped to fill (`fit: cover`, centred on the most
 * interesting region); a `00` height only scales down to the width. EXIF rotation is applied
 * and metadata (GPS included) is dropped.
 */
export async function resizeStoredImage(
  source: Buffer | string,
  variant: ImageVariant,
): Promise<Buffer> {
  const sharp = await loadSharp();
  const image = sharp(source, { limitInputPixels: 50_000_000 })
    .rotate()
    .resize({
      width: variant.width,
      height: variant.height,
      fit: variant.height === undefined ? 'inside' : 'cover',
      position: variant.height === undefined ? 'centre' : sharp.strategy.attention,
      withoutEnlargement: variant.height === undefined,
    });
  return encodeImage(image, variant.format);
}
