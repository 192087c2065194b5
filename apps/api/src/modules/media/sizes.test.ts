import { describe, expect, it } from 'vitest';
import { ALLOWED_SIZES, MAX_DIMENSION, parseSizedFile } from './sizes.ts';

describe('parseSizedFile', () => {
  it('reads every size the spec names', () => {
    for (const size of [
      '1200x00',
      '374x500',
      '748x1000',
      '250x300',
      '500x600',
      '185x122',
      '370x244',
      '150x95',
      '600x350',
    ]) {
      expect(parseSizedFile(`${size}.jpg`).ok, size).toBe(true);
    }
  });

  it('turns a 00 height into "keep the aspect ratio"', () => {
    expect(parseSizedFile('1200x00.webp')).toEqual({
      ok: true,
      size: { width: 1200, height: undefined, extension: 'webp', label: '1200x00' },
    });
    // A single 0 means the same, and shares the canonical label (one cache file).
    expect(parseSizedFile('1200x0.jpg')).toMatchObject({ ok: true, size: { label: '1200x00' } });
  });

  it('keeps every allowed size within the maximum', () => {
    for (const size of ALLOWED_SIZES) {
      const [width, height] = size.split('x').map(Number);
      expect(width).toBeLessThanOrEqual(MAX_DIMENSION);
      expect(height).toBeLessThanOrEqual(MAX_DIMENSION);
    }
  });

  it.each([
    ['374x500.bmp', 'Unsupported image format'],
    ['0374x500.jpg', 'without leading zeros'],
    ['3000x00.jpg', 'pixels each way'],
    ['374x501.jpg', 'not offered'],
    ['374x500', 'Expected a file name'],
    ['374X500.JPG', 'Expected a file name'],
  ])('rejects %s with 400', (file, message) => {
    const result = parseSizedFile(file);
    expect(result).toMatchObject({ ok: false, status: 400 });
    expect(result.ok ? '' : result.message).toContain(message);
  });
});
