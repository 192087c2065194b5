import { describe, expect, it } from 'vitest';
import { atlasGeometry, type baseMapStyle, unwrapLongitudes } from './base-style';
import { mapStyleChoice, styleOf } from './map-style';
import coarse from 'world-atlas/countries-110m.json';

describe('mapStyleChoice', () => {
  it('keeps the offline base map when the site names no provider', () => {
    expect(mapStyleChoice({ maps_provider: null, maps_token: 'x' })).toEqual({ kind: 'base' });
    expect(mapStyleChoice(undefined)).toEqual({ kind: 'base' });
  });

  it("uses the provider's style URL with the token put in", () => {
    expect(
      mapStyleChoice({
        maps_provider: 'https://tiles.example/style.json?key={token}',
        maps_token: 'a b',
      }),
    ).toEqual({ kind: 'provider', url: 'https://tiles.example/style.json?key=a%20b' });
  });

  it('refuses anything that is not an http(s) URL', () => {
    expect(mapStyleChoice({ maps_provider: 'javascript:alert(1)', maps_token: null })).toEqual({
      kind: 'base',
    });
    expect(mapStyleChoice({ maps_provider: 'not a url', maps_token: null })).toEqual({
      kind: 'base',
    });
  });
});

describe('baseMapStyle', () => {
  it('draws sea, land and borders from the atlas without glyphs or sprites', () => {
    const style = styleOf({ kind: 'base' });
    expect(typeof style).toBe('object');
    const spec = style as ReturnType<typeof baseMapStyle>;
    expect(spec.glyphs).toBeUndefined();
    expect(spec.sprite).toBeUndefined();
    expect(spec.layers.map((layer) => layer.type)).not.toContain('symbol');
    expect(spec.layers.map((layer) => layer.id)).toEqual(['sea', 'land', 'coast', 'borders']);
  });

  it('turns the countries into land shapes and the shared arcs into borders', () => {
    const geometry = atlasGeometry(coarse as never);
    expect(geometry.land.features.length).toBeGreaterThan(170);
    expect(geometry.land.features.map((country) => country.properties?.name)).toContain('Iceland');
    expect(geometry.borders.type).toBe('MultiLineString');
    expect(geometry.borders.coordinates.length).toBeGreaterThan(100);
  });
});

describe('unwrapLongitudes', () => {
  it('makes a line across the antimeridian continuous instead of a jump across the world', () => {
    expect(
      unwrapLongitudes([
        [178, 65],
        [-179, 66],
        [-175, 67],
      ]),
    ).toEqual([
      [178, 65],
      [181, 66],
      [185, 67],
    ]);
  });

  it('keeps a ring around the pole as it is', () => {
    const polar = [
      [-180, -85],
      [0, -80],
      [180, -85],
      [180, -90],
      [-180, -90],
      [-180, -85],
    ];
    expect(unwrapLongitudes(polar)).toEqual(polar);
  });

  it('leaves the atlas without a border that spans the world', () => {
    const { borders } = atlasGeometry(coarse as never);
    for (const line of borders.coordinates) {
      for (let index = 1; index < line.length; index += 1) {
        expect(Math.abs(line[index]![0]! - line[index - 1]![0]!)).toBeLessThan(180);
      }
    }
  });
});
