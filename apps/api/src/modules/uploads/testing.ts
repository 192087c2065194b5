/** Test helpers for upload calls: multipart bodies and sample files of each kind. */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { OperationId } from '#src/contract.ts';
import type { Json } from '#src/testing/call.ts';
import { expectContractResponse } from '#src/testing/contract.ts';

export interface FilePart {
  name: string;
  type: string;
  bytes: Buffer;
  field?: string;
}

/** A `multipart/form-data` body with text fields and at most one file. */
function multipartBody(fields: Record<string, string>, file?: FilePart) {
  const boundary = `----gallop${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Posts a multipart upload and checks the answer against the contract. */
export function uploadCaller(app: () => FastifyInstance) {
  return async function upload(
    operationId: OperationId,
    url: string,
    {
      file,
      fields = {},
      token,
      remoteAddress,
    }: { file?: FilePart; fields?: Record<string, string>; token?: string; remoteAddress?: string },
  ): Promise<{ status: number; body: Json }> {
    const { payload, headers } = multipartBody(fields, file);
    const response = await app().inject({
      method: 'POST',
      url,
      payload,
      headers: { ...headers, ...(token ? { 'x-authorization': `Bearer ${token}` } : {}) },
      ...(remoteAddress ? { remoteAddress } : {}),
    });
    return {
      status: response.statusCode,
      body: expectContractResponse(response, operationId) as Json,
    };
  };
}

/**
 * A real PNG picture of one colour, `width` x `height`. Uploads are stored by their bytes, and
 * test files share one database: a test about who else holds the same bytes passes a colour of
 * its own.
 */
export async function pngFile(
  name = 'stables.png',
  width = 640,
  height = 480,
  background = { r: 120, g: 90, b: 60 },
): Promise<FilePart> {
  const bytes = await sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
  return { name, type: 'image/png', bytes };
}

/** A small, valid PDF. */
export function pdfFile(name = 'route-map.pdf'): FilePart {
  const text =
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';
  return { name, type: 'application/pdf', bytes: Buffer.from(text) };
}

/** An OLE compound file header, as a legacy Word or Excel file starts. */
export function compoundFile(name: string): FilePart {
  const bytes = Buffer.alloc(4096);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(bytes);
  return { name, type: 'application/msword', bytes };
}

/** Plain text dressed up as a picture. */
export function textAsPng(): FilePart {
  return {
    name: 'holiday.png',
    type: 'image/png',
    bytes: Buffer.from('just some text, not a picture\n'.repeat(20)),
  };
}

/** The start of an MP4 (an `ftyp` box of brand isom), padded: enough for the sniffing. */
export function mp4File(name = 'canter.mp4'): FilePart {
  const ftyp = Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex');
  return { name, type: 'video/mp4', bytes: Buffer.concat([ftyp, Buffer.alloc(2048)]) };
}
