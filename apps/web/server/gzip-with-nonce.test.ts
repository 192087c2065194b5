// @vitest-environment node
import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { deflatePieces, gzipJoined } from './gzip-with-nonce';

/** What the joined gzip must decode to. */
const joined = (pieces: Buffer[], joint: Buffer) =>
  Buffer.concat(pieces.flatMap((piece, index) => (index ? [joint, piece] : [piece])));

/** A page-like text: repetitive markup, so back-references abound in every piece. */
function pageText(rows: number): string {
  return Array.from(
    { length: rows },
    (_, n) =>
      `<li class="tour-card"><a href="/tour-${n}">Ride ${n % 17}</a><span>€ ${n * 7}</span></li>`,
  ).join('');
}

describe('gzipJoined', () => {
  const cases: [string, Buffer[]][] = [
    ['one piece (no nonce)', [Buffer.from(pageText(400))]],
    [
      'nonces inside',
      pageText(900)
        .split('Ride 3')
        .map((piece) => Buffer.from(piece)),
    ],
    ['a nonce first and last', ['', pageText(50), ''].map((piece) => Buffer.from(piece))],
    ['nonces side by side', ['a', '', '', 'b'].map((piece) => Buffer.from(piece))],
    ['random bytes (stored blocks inside)', [randomBytes(70_000), randomBytes(90_000)]],
    ['empty', [Buffer.alloc(0)]],
  ];

  it.each(cases)('decodes to the pieces joined by any nonce: %s', (_, pieces) => {
    const deflated = deflatePieces(pieces);
    for (const joint of ['bm9uY2Ux', 'QUFBQUFBQUFBQUFBQUFBQUFBQUFBQQ==', '']) {
      const gzip = gzipJoined(pieces, deflated, Buffer.from(joint));
      expect(gunzipSync(gzip).equals(joined(pieces, Buffer.from(joint)))).toBe(true);
    }
  });

  it('keeps the compression of the pieces', () => {
    const pieces = pageText(2000)
      .split('Ride 5')
      .map((piece) => Buffer.from(piece));
    const gzip = gzipJoined(pieces, deflatePieces(pieces), Buffer.from('x'.repeat(24)));
    expect(gzip.length).toBeLessThan(joined(pieces, Buffer.alloc(0)).length / 5);
  });

  it('refuses a joint longer than one stored block', () => {
    const pieces = [Buffer.from('a'), Buffer.from('b')];
    expect(() => gzipJoined(pieces, deflatePieces(pieces), Buffer.alloc(70_000))).toThrow(
      RangeError,
    );
  });
});
