import { describe, expect, it } from 'vitest';
import { weatherPagePath, weatherPlaceSlugs } from './weather-path';

describe('weatherPlaceSlugs', () => {
  it('reads a country, or a country and one of its places', () => {
    expect(weatherPlaceSlugs('argentina/climate-and-weather')).toEqual(['argentina']);
    expect(weatherPlaceSlugs('argentina/mendoza-mendoza/climate-and-weather')).toEqual([
      'argentina',
      'mendoza-mendoza',
    ]);
    expect(weatherPlaceSlugs('costa-rica/climate-and-weather/')).toEqual(['costa-rica']);
  });

  it('refuses addresses that are not weather pages', () => {
    for (const splat of [
      undefined,
      '',
      'climate-and-weather',
      'argentina',
      'argentina/weather',
      'argentina/climate-and-weather/extra',
      'a/b/c/climate-and-weather',
      'Argentina/climate-and-weather',
      'argentina//climate-and-weather',
      '../climate-and-weather',
      'arg%20entina/climate-and-weather',
    ]) {
      expect(weatherPlaceSlugs(splat), String(splat)).toBeNull();
    }
  });
});

describe('weatherPagePath', () => {
  it('builds the address weatherPlaceSlugs reads back', () => {
    expect(weatherPagePath(['argentina'])).toBe('/argentina/climate-and-weather');
    expect(weatherPagePath(['argentina', 'salta'])).toBe('/argentina/salta/climate-and-weather');
    expect(weatherPlaceSlugs(weatherPagePath(['chile', 'atacama']).slice(1))).toEqual([
      'chile',
      'atacama',
    ]);
  });
});
