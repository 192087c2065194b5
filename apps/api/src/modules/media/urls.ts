import type { LandscapeName } from './landscapes.ts';

/**
 * The public URL grammar of generated pictures. The seed writes these URLs into the database,
 * so the shape is a contract: `/media/generated/{scene}/{seed}/{{size}}.jpg`, or with the
 * place's landscape `/media/generated/{scene}/{landscape}/{seed}/{{size}}.jpg`.
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

/**
 * The URL template of a generated picture, with the literal `{{size}}` left for the client.
 * With a landscape the picture shows that kind of place; without one, a temperate scene that
 * fits no place in particular (blog, collections, avatars).
 */
export function generatedImageUrl(
  scene: MediaScene,
  seed: number,
  landscape?: LandscapeName,
): string {
  if (!Number.isInteger(seed) || seed < 1 || seed > MAX_MEDIA_SEED) {
    throw new RangeError(`A media seed is an integer from 1 to ${MAX_MEDIA_SEED}, got ${seed}`);
  }
  const place = landscape ? `/${landscape}` : '';
  return `${GENERATED_MEDIA_PREFIX}/${scene}${place}/${seed}/${SIZE_PLACEHOLDER}.jpg`;
}
