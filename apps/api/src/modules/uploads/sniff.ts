/**
 * What an uploaded file really is, read from its bytes (`file-type` magic numbers, sharp for
 * pictures), never from the name or the type the client declared: a text file named `.png` is
 * refused. Each call names the kinds it accepts (docs/product.md, Validation: images must be
 * `image/*`; meet uploads accept images, pdf, doc, docx, xls, xlsx).
 */
import { unprocessable } from '#src/http/http-error.ts';
import { loadSharp } from '#src/modules/media/index.ts';

export interface Sniffed {
  kind: 'image' | 'file' | 'video';
  mime: string;
  extension: string;
  width?: number;
  height?: number;
}

/** Pictures sharp decodes everywhere (no SVG: it is a script-capable document). */
const IMAGE_TYPES: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
  'image/tiff': 'tiff',
};

const DOCUMENT_TYPES: Record<string, string> = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
};

/** Legacy Office files are OLE compound files: the bytes say "cfb", the name says which. */
const COMPOUND_FILE_TYPES: Record<string, string> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
};

const VIDEO_TYPES: Record<string, string> = {
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
};

/** Larger pictures are refused before decoding (a small file can claim huge dimensions). */
const MAX_IMAGE_PIXELS = 50_000_000;

/** The longest side accepted, in pixels. */
const MAX_IMAGE_SIDE = 30_000;

export type Accepted = 'image' | 'document' | 'video';

const DESCRIPTIONS: Record<Accepted, string> = {
  image: 'an image (JPEG, PNG, WebP, GIF, AVIF or TIFF)',
  document: 'a PDF, Word (doc, docx) or Excel (xls, xlsx) file',
  video: 'a video (MP4, WebM or QuickTime)',
};

function describe(accepted: readonly Accepted[]): string {
  return accepted.map((kind) => DESCRIPTIONS[kind]).join(' or ');
}

const refuse = (accepted: readonly Accepted[]) => {
  const message = `The file must be ${describe(accepted)}`;
  return unprocessable(message, { file: [message] });
};

function nameExtension(name: string): string {
  return /\.([A-Za-z0-9]{1,8})$/.exec(name)?.[1]?.toLowerCase() ?? '';
}

/** Reads the type of the file at `filePath`, or a 422 saying what `accepted` allows. */
export async function sniffFile(
  filePath: string,
  originalName: string,
  accepted: readonly Accepted[],
): Promise<Sniffed> {
  // Loaded on the first upload, not at every start.
  const { fileTypeFromFile } = await import('file-type');
  const detected = await fileTypeFromFile(filePath);
  if (!detected) throw refuse(accepted);
  const { mime } = detected;
  if (accepted.includes('image') && IMAGE_TYPES[mime]) {
    return {
      kind: 'image',
      mime,
      extension: IMAGE_TYPES[mime],
      ...(await imageSize(filePath, accepted)),
    };
  }
  if (accepted.includes('document')) {
    if (DOCUMENT_TYPES[mime]) return { kind: 'file', mime, extension: DOCUMENT_TYPES[mime] };
    const legacy = COMPOUND_FILE_TYPES[nameExtension(originalName)];
    if (detected.ext === 'cfb' && legacy) {
      return { kind: 'file', mime: legacy, extension: nameExtension(originalName) };
    }
  }
  if (accepted.includes('video') && VIDEO_TYPES[mime]) {
    return { kind: 'video', mime, extension: VIDEO_TYPES[mime] };
  }
  throw refuse(accepted);
}

/** Decodes the header with sharp: a picture it cannot read is not a picture. */
async function imageSize(filePath: string, accepted: readonly Accepted[]) {
  try {
    const sharp = await loadSharp();
    const meta = await sharp(filePath, { limitInputPixels: false }).metadata();
    const width = meta.autoOrient?.width ?? meta.width;
    const height = meta.autoOrient?.height ?? meta.height;
    if (!width || !height) throw refuse(accepted);
    if (width * height > MAX_IMAGE_PIXELS || Math.max(width, height) > MAX_IMAGE_SIDE) {
      const message = `The image is too large: at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`;
      throw unprocessable(message, { file: [message] });
    }
    return { width, height };
  } catch (error) {
    if (error instanceof Error && error.name === 'HttpError') throw error;
    throw refuse(accepted);
  }
}
