import { describe, expect, it } from 'vitest';
import { acceptsType, chooseFormat } from './formats.ts';

describe('chooseFormat', () => {
  it('upgrades .jpg to WebP only when Accept lists image/webp', () => {
    expect(chooseFormat('jpg', 'image/avif,image/webp,*/*;q=0.8')).toEqual({
      format: 'webp',
      negotiated: true,
    });
    expect(chooseFormat('jpeg', 'image/*,*/*;q=0.8')).toEqual({ format: 'jpeg', negotiated: true });
    expect(chooseFormat('jpg', undefined)).toEqual({ format: 'jpeg', negotiated: true });
  });

  it('never negotiates an explicit format', () => {
    expect(chooseFormat('avif', 'image/jpeg')).toEqual({ format: 'avif', negotiated: false });
    expect(chooseFormat('webp', undefined)).toEqual({ format: 'webp', negotiated: false });
    expect(chooseFormat('png', 'image/webp')).toEqual({ format: 'png', negotiated: false });
  });
});

describe('acceptsType', () => {
  it('respects q=0 and ignores case and spaces', () => {
    expect(acceptsType('image/webp;q=0, image/png', 'image/webp')).toBe(false);
    expect(acceptsType('Image/WebP ; q=0.5', 'image/webp')).toBe(true);
    expect(acceptsType('image/webpx', 'image/webp')).toBe(false);
  });
});
