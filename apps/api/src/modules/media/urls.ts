/**
 * The public URL grammar of generated pictures. The seed writes these URLs into the database,
 * so the shape is a contract: `/media/generated/{scene}/{seed}/{{size}}.jpg`.
 */
export const MEDIA_SCENES = [
  'landscape',
  'horse',
  'trail',
  'camp',
  'portrait',
  'city',
  'cruise',
] as const;

export type MediaScene = (typeof MEDIA_SCENES)[number];

/** The spec's size placeholder, replaced by the client with `WIDTHxHEIGHT` (e.g. `374x500`). */
export const SIZE_PLACEHOLDER = '{{size}}';

export const GENERATED_MEDIA_PREFIX = '/media/generated';

/** Seeds are positive 32-bit integers (the generator's state size). */
export const MAX_MEDIA_SEED = 2 ** 31 - 1;

export function isMediaScene(value: string): value is MediaScene {
  return (MEDIA_SCENES as readonly string[]).includes(value);
}

/** The URL template of a generated picture, with the literal `{{size}}` left for the client. */
export function generatedImageUrl(scene: MediaScene, seed: number): string {
  if (!Number.isInteger(seed) || seed < 1 || seed > MAX_MEDIA_SEED) {
    throw new RangeError(`A media seed is an integer from 1 to ${MAX_MEDIA_SEED}, got ${seed}`);
  }
  return `${GENERATED_MEDIA_PREFIX}/${scene}/${seed}/${SIZE_PLACEHOLDER}.jpg`;
}
