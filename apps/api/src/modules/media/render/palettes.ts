import { darken, mix, multiply } from './color.ts';
import type { Random } from './random.ts';

/** The light of one moment of the day: the sky, the haze it leaves on distant land, the sun. */
export interface Light {
  name: 'dawn' | 'day' | 'golden' | 'dusk' | 'night';
  skyTop: string;
  skyMiddle: string;
  skyHorizon: string;
  /** Colour distant land fades into (atmospheric perspective). */
  haze: string;
  /** Tint of sunlit surfaces. */
  tint: string;
  sun: string;
  /** Sun height above the horizon, 0 (on it) to 1 (high). */
  sunHeight: number;
  /** How much of the way to black the nearest land goes (backlit silhouettes at dusk). */
  shadow: number;
  stars: boolean;
  /** How thick the air is: scales the haze on distant land (clear noon air is below 1). */
  hazeStrength: number;
}

export const LIGHTS: Record<Light['name'], Light> = {
  dawn: {
    name: 'dawn',
    hazeStrength: 1,
    skyTop: '#7b8cc4',
    skyMiddle: '#d9a9c0',
    skyHorizon: '#fbd5b5',
    haze: '#eec4c0',
    tint: '#ffe6d6',
    sun: '#fff3df',
    sunHeight: 0.12,
    shadow: 0.35,
    stars: false,
  },
  day: {
    name: 'day',
    hazeStrength: 0.6,
    skyTop: '#4f86c9',
    skyMiddle: '#8fbbe3',
    skyHorizon: '#e2eef2',
    haze: '#c8dbe6',
    tint: '#ffffff',
    sun: '#fffdf2',
    sunHeight: 0.75,
    shadow: 0.12,
    stars: false,
  },
  golden: {
    name: 'golden',
    hazeStrength: 0.9,
    skyTop: '#6a8cc0',
    skyMiddle: '#e9c59b',
    skyHorizon: '#fbdc9e',
    haze: '#f0cf9f',
    tint: '#ffe2b0',
    sun: '#fff6d8',
    sunHeight: 0.22,
    shadow: 0.3,
    stars: false,
  },
  dusk: {
    name: 'dusk',
    hazeStrength: 1,
    skyTop: '#2c3868',
    skyMiddle: '#9a5f8a',
    skyHorizon: '#f4a36d',
    haze: '#c98d9c',
    tint: '#f3b08f',
    sun: '#ffe3b8',
    sunHeight: 0.04,
    shadow: 0.55,
    stars: false,
  },
  night: {
    name: 'night',
    hazeStrength: 1,
    skyTop: '#0a1230',
    skyMiddle: '#1d2b55',
    skyHorizon: '#3f4f7e',
    haze: '#34436c',
    tint: '#7f8fbf',
    sun: '#f4f1dc',
    sunHeight: 0.6,
    shadow: 0.7,
    stars: true,
  },
};

export function pickLight(random: Random, allowNight = false): Light {
  return LIGHTS[
    random.weighted<Light['name']>([
      ['dawn', 2],
      ['day', 4],
      ['golden', 4],
      ['dusk', 2],
      ['night', allowNight ? 1 : 0],
    ])
  ];
}

export type BiomeName = 'mountains' | 'steppe' | 'forest' | 'coast' | 'desert';

/** Land colours of a region, far to near, before the light and haze are applied. */
export interface Biome {
  name: BiomeName;
  far: string;
  middle: string;
  near: string;
  ground: string;
  water: string;
  foliage: string;
}

export const BIOMES: Record<BiomeName, Biome> = {
  mountains: {
    name: 'mountains',
    far: '#7b879f',
    middle: '#58735f',
    near: '#46663f',
    ground: '#5d7a3b',
    water: '#4f86a0',
    foliage: '#2f5236',
  },
  steppe: {
    name: 'steppe',
    far: '#8f9a92',
    middle: '#b5aa6a',
    near: '#a3a358',
    ground: '#8c9446',
    water: '#5b8fa8',
    foliage: '#4f6a34',
  },
  forest: {
    name: 'forest',
    far: '#6e8790',
    middle: '#466f55',
    near: '#365f40',
    ground: '#4d6e35',
    water: '#477f94',
    foliage: '#284a31',
  },
  coast: {
    name: 'coast',
    far: '#8c9ba6',
    middle: '#7f9470',
    near: '#a7a065',
    ground: '#d9c493',
    water: '#3f86a6',
    foliage: '#4b6b3a',
  },
  desert: {
    name: 'desert',
    far: '#b8765a',
    middle: '#dcaa78',
    near: '#cf9463',
    ground: '#b5764c',
    water: '#5b93a6',
    foliage: '#6d7a45',
  },
};

export function pickBiome(random: Random): Biome {
  return BIOMES[random.pick<BiomeName>(['mountains', 'steppe', 'forest', 'coast', 'desert'])];
}

/**
 * The colour of land at a depth (0 near, 1 far) in this light: lit by the tint, faded into the
 * haze with distance, darker near the viewer when the sun is low behind the scene.
 */
export function landColor(base: string, light: Light, depth: number): string {
  const lit = mix(base, multiply(base, light.tint), 0.6);
  const hazed = mix(lit, light.haze, Math.min(0.8, depth ** 1.6 * 0.72 * light.hazeStrength));
  return darken(hazed, light.shadow * (1 - depth) * 0.8);
}

/** The colour of figures standing in the foreground against the light. */
export function silhouetteColor(biome: Biome, light: Light): string {
  return mix(darken(biome.foliage, 0.55 + light.shadow * 0.3), light.skyTop, 0.12);
}
