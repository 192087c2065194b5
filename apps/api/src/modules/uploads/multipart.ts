/**
 * Reads a `multipart/form-data` upload with `@fastify/multipart`: one file streamed to disk
 * (never held whole in memory), a few short text fields, and the contract's field names only.
 */
import type { FastifyRequest } from 'fastify';
import { HttpError } from '#src/http/http-error.ts';
import type { ReceivedFile, UploadStore } from './storage.ts';

export interface MultipartUpload<Field extends string> {
  file?: ReceivedFile & { name: string };
  fields: Partial<Record<Field, string>>;
}

const badRequest = (message: string, errors?: Record<string, string[]>) =>
  new HttpError(400, message, errors);

/** The longest text field any upload call takes (a captcha token). */
const MAX_FIELD_BYTES = 8 * 1024;

/** A client file name as stored and shown: no path, no control characters, at most 200 chars. */
export function cleanFileName(name: string | undefined, fallback: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean || fallback).slice(0, 200);
}

export async function readMultipart<Field extends string>(
  request: FastifyRequest,
  store: UploadStore,
  {
    limitBytes,
    fields: allowed,
    fileField = 'file',
  }: { limitBytes: number; fields: readonly Field[]; fileField?: string },
): Promise<MultipartUpload<Field>> {
  if (!request.isMultipart()) {
    throw badRequest('Send the upload as multipart/form-data', { file: ['is required'] });
  }
  const upload: MultipartUpload<Field> = { fields: {} };
  try {
    const parts = request.parts({
      limits: {
        fileSize: limitBytes,
        files: 1,
        fields: allowed.length,
        fieldSize: MAX_FIELD_BYTES,
        parts: allowed.length + 1,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== fileField) {
          part.file.resume();
          throw badRequest('Invalid request body', { [part.fieldname]: ['is not allowed'] });
        }
        const received = await store.receive(part.file, limitBytes, () => part.file.truncated);
        upload.file = { ...received, name: cleanFileName(part.filename, 'file') };
      } else {
        if (!(allowed as readonly string[]).includes(part.fieldname)) {
          throw badRequest('Invalid request body', { [part.fieldname]: ['is not allowed'] });
        }
        if (part.valueTruncated)
          throw badRequest('Invalid request body', { [part.fieldname]: ['is too long'] });
        upload.fields[part.fieldname as Field] = String(part.value);
      }
    }
  } catch (error) {
    if (upload.file) await store.discard(upload.file);
    throw friendlier(error, limitBytes);
  }
  return upload;
}

/** The multipart parser's own limit errors, said in words a person understands. */
function friendlier(error: unknown, limitBytes: number): unknown {
  const code = (error as { code?: string } | null)?.code;
  switch (code) {
    case 'FST_FILES_LIMIT':
      return new HttpError(413, 'Send one file per upload');
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return badRequest('The upload has more fields than this call takes');
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError(
        413,
        `The file is larger than ${Math.round(limitBytes / 1024 / 1024)} MB`,
      );
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
    case 'FST_MULTIPART_INVALID_CONTENT_TYPE':
      return badRequest('Send the upload as multipart/form-data');
    default:
      // Busboy's "Unexpected end of form" and similar: the body was broken or cut off.
      if (error instanceof Error && !(error instanceof HttpError) && !code?.startsWith('FST_ERR')) {
        if (/Unexpected end|Malformed|boundary/i.test(error.message)) {
          return badRequest('The multipart body is malformed or incomplete');
        }
      }
      return error;
  }
}
