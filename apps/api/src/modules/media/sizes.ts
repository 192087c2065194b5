/**
 * The `{{size}}` part of a media URL: `WIDTHxHEIGHT.ext`, where a height of `00` keeps the
 * picture's own aspect ratio for that width (3:2 for generated pictures).
 *
 * Sizes come from an allow-list rather than any number within bounds: every size is a separate
 * file in the disk cache, so arbitrary sizes would let anyone fill the disk (and the CPU) with
 * variants nobody shows. Add a size here when the web client starts asking for it.
 */

export const MAX_DIMENSION = 2400;

/** Explicit sizes: the spec's, their 2x retina twins, 16:9 posters, squares, the share image. */
const EXPLICIT_SIZES = [
  '374x500',
  '748x1000',
  '250x300',
  '500x600',
  '185x122',
  '370x244',
  '150x95',
  '300x190',
  '600x350',
  '1200x700',
  '480x270',
  '960x540',
  '1280x720',
  '1920x1080',
  '1200x630',
  '48x48',
  '64x64',
  '96x96',
  '128x128',
  '192x192',
  '256x256',
  '512x512',
] as const;

/** Widths allowed with a `00` height (keep the aspect ratio). */
const KEEP_ASPECT_WIDTHS = [
  100, 150, 185, 250, 300, 370, 374, 400, 480, 500, 600, 640, 748, 800, 960, 1024, 1200, 1280, 1600,
  1920, 2400,
] as const;

export const ALLOWED_SIZES: readonly string[] = [
  ...EXPLICIT_SIZES,
  ...KEEP_ASPECT_WIDTHS.map((width) => `${width}x00`),
];

const ALLOWED = new Set(ALLOWED_SIZES);

const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp', 'avif'] as const;
export type ImageExtension = (typeof IMAGE_EXTENSIONS)[number];

export interface RequestedSize {
  width: number;
  /** `undefined` when the URL said `00`: keep the source's aspect ratio. */
  height: number | undefined;
  extension: ImageExtension;
  /** The canonical `WIDTHxHEIGHT` text, used in cache keys. */
  label: string;
}

export type SizeParseResult =
  { ok: true; size: RequestedSize } | { ok: false; status: 400 | 404; message: string };

const FILE_PATTERN = /^(\d{1,4})x(\d{1,4})\.([a-z]{3,4})$/;

export function parseSizedFile(file: string): SizeParseResult {
  const match = FILE_PATTERN.exec(file);
  if (!match) {
    return {
      ok: false,
      status: 400,
      message: 'Expected a file name like 374x500.jpg (WIDTHxHEIGHT.ext, 00 keeps the aspect)',
    };
  }
  const [, widthText = '', heightText = '', extension = ''] = match;
  if (!(IMAGE_EXTENSIONS as readonly string[]).includes(extension)) {
    return {
      ok: false,
      status: 400,
      message: `Unsupported image format .${extension}; use ${IMAGE_EXTENSIONS.map((e) => `.${e}`).join(', ')}`,
    };
  }
  const width = Number(widthText);
  const keepAspect = /^0+$/.test(heightText);
  const height = keepAspect ? undefined : Number(heightText);
  const label = `${width}x${keepAspect ? '00' : height}`;
  if (
    width < 1 ||
    width > MAX_DIMENSION ||
    (height !== undefined && (height < 1 || height > MAX_DIMENSION)) ||
    String(width) !== widthText ||
    (height !== undefined && String(height) !== heightText)
  ) {
    return {
      ok: false,
      status: 400,
      message: `Image sizes are 1 to ${MAX_DIMENSION} pixels each way, written without leading zeros`,
    };
  }
  if (!ALLOWED.has(label)) {
    return {
      ok: false,
      status: 400,
      message: `Size ${label} is not offered; allowed sizes: ${ALLOWED_SIZES.join(', ')}`,
    };
  }
  return { ok: true, size: { width, height, extension: extension as ImageExtension, label } };
}
