import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * A kept page gzipped once, with its CSP nonce still free to change on every answer
 * (server/page-cache.ts). The page is cut at its nonce; each piece is deflated on its own when the
 * page is kept, ending on a sync flush (byte-aligned, not the last block). An answer is the
 * pieces in order with the fresh nonce between them as stored (uncompressed) blocks, then the
 * empty last block, in a gzip header and trailer (RFC 1951 §3.2.4, RFC 1952). A piece's
 * back-references never reach before its own start, so every distance means the same in the
 * joined stream. Only the CRC-32 of the whole page is computed per answer (microseconds), instead
 * of compressing ~120 kB again (milliseconds).
 *
 * Deflate only: brotli keeps state across its meta-blocks (the distance cache), so independently
 * compressed brotli pieces cannot be joined. A kept page is answered gzipped even to a client that
 * prefers brotli (both are accepted encodings; gzip is ~15% larger on a page).
 */

/** A gzip member's header: deflate, no flags, no time, no extra fields, unknown OS. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** The last block of a deflate stream: stored, empty. */
const LAST_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);
/** A stored block holds at most this many bytes. */
const STORED_MAX = 0xffff;

/** Each piece deflated alone, ending byte-aligned and not last, ready to be joined. */
export function deflatePieces(pieces: readonly Buffer[]): Buffer[] {
  return pieces.map((piece) =>
    deflateRawSync(piece, { finishFlush: constants.Z_SYNC_FLUSH, level: 9 }),
  );
}

/** `bytes` as one stored block that is not the last: a header byte, LEN, NLEN, the bytes. */
function storedBlock(bytes: Buffer): Buffer {
  if (bytes.length > STORED_MAX) throw new RangeError('A joint fits one stored block');
  const header = Buffer.alloc(5);
  header.writeUInt16LE(bytes.length, 1);
  header.writeUInt16LE(~bytes.length & 0xffff, 3);
  return Buffer.concat([header, bytes]);
}

/**
 * The gzip of `pieces` joined by `joint`, from `deflated` (`deflatePieces(pieces)`): what
 * `gzipSync(Buffer.concat([pieces[0], joint, pieces[1], …]))` decodes to, without deflating.
 */
export function gzipJoined(
  pieces: readonly Buffer[],
  deflated: readonly Buffer[],
  joint: Buffer,
): Buffer<ArrayBuffer> {
  const jointBlock = storedBlock(joint);
  // Node 20's `crc32` answers 0 for some empty buffers whatever the running value: skip them.
  const crcOf = (bytes: Buffer, running: number) =>
    bytes.length === 0 ? running : crc32(bytes, running);
  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  pieces.forEach((piece, index) => {
    if (index > 0) {
      chunks.push(jointBlock);
      crc = crcOf(joint, crc);
      size += joint.length;
    }
    chunks.push(deflated[index]!);
    crc = crcOf(piece, crc);
    size += piece.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  // ISIZE is the length modulo 2^32.
  trailer.writeUInt32LE(size % 2 ** 32, 4);
  chunks.push(LAST_BLOCK, trailer);
  return Buffer.concat(chunks);
}
