import { darken, mix, multiply } from './color.ts';
import type { LandColors } from './landscapes.ts';
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
export function silhouetteColor(colors: LandColors, light: Light): string {
  return mix(darken(colors.foliage, 0.55 + light.shadow * 0.3), light.skyTop, 0.12);
}
