import { createHash } from 'node:crypto';

/** Media URLs never change meaning (a new drawing gets a new cache version), so cache forever. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A strong ETag derived from what identifies the bytes, known before rendering them. */
export function etagOf(...parts: readonly (string | number)[]): string {
  const digest = createHash('sha1').update(parts.join('|')).digest('base64url').slice(0, 22);
  return `"${digest}"`;
}

/** `If-None-Match` holds `*` or a list of (possibly weak) tags. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

export type RangeResult =
  { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

/**
 * One byte range from a `Range` header (RFC 9110 §14.1.2). Several ranges, other units or a
 * malformed header fall back to the whole file, as the RFC allows; a range past the end is 416.
 */
export function parseRange(header: string | undefined, size: number): RangeResult {
  if (!header) return { kind: 'full' };
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return { kind: 'full' };
  const [, startText = '', endText = ''] = match;
  if (startText === '' && endText === '') return { kind: 'full' };
  if (startText === '') {
    // A suffix: the last N bytes.
    const length = Number(endText);
    if (length === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(startText);
  const end = endText === '' ? size - 1 : Math.min(Number(endText), size - 1);
  if (start >= size) return { kind: 'unsatisfiable' };
  if (end < start) return { kind: 'full' };
  return { kind: 'partial', start, end };
}
