import { mix } from './color.ts';
import type { Random } from './random.ts';
import {
  parseLandscape,
  TERRAINS,
  type LandscapeName,
  type Terrain,
} from '@gallop/api/src/modules/media/index.ts';

export type TreeKind = 'conifer' | 'broadleaf' | 'poplar' | 'palm' | 'cactus' | 'shrub' | 'acacia';

/** Tree kinds with their relative weights; empty where nothing taller than grass grows. */
export type TreeKinds = readonly (readonly [TreeKind, number])[];

/** Land colours of a place, far to near, before the light and haze are applied. */
export interface LandColors {
  far: string;
  middle: string;
  near: string;
  ground: string;
  water: string;
  foliage: string;
}

/**
 * The shape of the distant range: snowy peaks, flat-topped mesas, low sand dunes, hills (some
 * craggy) or the low swells of open grassland.
 */
type RangeShape = 'snowy' | 'mesas' | 'dunes' | 'hills' | 'low-hills';

/** Everything the scenes need to know to draw a kind of place. */
export interface Landscape {
  name: LandscapeName;
  terrain: Terrain;
  colors: LandColors;
  range: RangeShape;
  trees: TreeKinds;
  /** Trees per 1000 units on the far, middle and near hills. */
  treeDensity: readonly [number, number, number];
  /** How likely a lake lies in the valley (when the sea is not there). */
  lakeChance: number;
  /** The sea fills one side of the view. */
  sea: boolean;
  /** Grass tufts and wild flowers grow in the foreground. */
  grass: boolean;
  /** The colour of a dirt or sand trail. */
  trail: string;
}

type TerrainProfile = Omit<Landscape, 'name' | 'terrain' | 'sea'>;

const SAND = '#d9c493';

const PROFILES: Record<Terrain, TerrainProfile> = {
  steppe: {
    colors: {
      far: '#8f9a92',
      middle: '#b5aa6a',
      near: '#a3a358',
      ground: '#8c9446',
      water: '#5b8fa8',
      foliage: '#4f6a34',
    },
    range: 'low-hills',
    trees: [['shrub', 1]],
    treeDensity: [0, 3, 3],
    lakeChance: 0.35,
    grass: true,
    trail: '#cdb98c',
  },
  highland: {
    colors: {
      far: '#7b879f',
      middle: '#a39d66',
      near: '#9a9a5c',
      ground: '#8f8f4e',
      water: '#4f86a0',
      foliage: '#56663a',
    },
    range: 'snowy',
    trees: [['shrub', 1]],
    treeDensity: [0, 2, 3],
    lakeChance: 0.5,
    grass: true,
    trail: '#c2ae86',
  },
  alpine: {
    colors: {
      far: '#7b879f',
      middle: '#58735f',
      near: '#46663f',
      ground: '#5d7a3b',
      water: '#4f86a0',
      foliage: '#2f5236',
    },
    range: 'snowy',
    trees: [
      ['conifer', 6],
      ['broadleaf', 1],
    ],
    treeDensity: [90, 40, 22],
    lakeChance: 0.5,
    grass: true,
    trail: '#b49b7b',
  },
  moorland: {
    colors: {
      far: '#7d8794',
      middle: '#7f7a57',
      near: '#6f7a45',
      ground: '#7d8a48',
      water: '#55798c',
      foliage: '#3f5232',
    },
    range: 'hills',
    trees: [
      ['shrub', 3],
      ['broadleaf', 1],
    ],
    treeDensity: [4, 4, 3],
    lakeChance: 0.6,
    grass: true,
    trail: '#a89373',
  },
  tundra: {
    colors: {
      far: '#7f8a99',
      middle: '#6f7d64',
      near: '#5f7452',
      ground: '#55604a',
      water: '#4a7f98',
      foliage: '#3c4a3a',
    },
    range: 'snowy',
    trees: [['shrub', 1]],
    treeDensity: [0, 0, 3],
    lakeChance: 0.5,
    grass: true,
    trail: '#8d8678',
  },
  forest: {
    colors: {
      far: '#6e8790',
      middle: '#466f55',
      near: '#365f40',
      ground: '#4d6e35',
      water: '#477f94',
      foliage: '#284a31',
    },
    range: 'hills',
    trees: [
      ['conifer', 4],
      ['broadleaf', 3],
      ['poplar', 1],
    ],
    treeDensity: [160, 70, 40],
    lakeChance: 0.5,
    grass: true,
    trail: '#a98e6d',
  },
  mediterranean: {
    colors: {
      far: '#8f97a6',
      middle: '#9a9a62',
      near: '#a69a5a',
      ground: '#a89a5e',
      water: '#3f86a6',
      foliage: '#4e6136',
    },
    range: 'hills',
    trees: [
      ['poplar', 3],
      ['broadleaf', 3],
      ['shrub', 2],
    ],
    treeDensity: [50, 28, 12],
    lakeChance: 0.2,
    grass: true,
    trail: '#cfb88c',
  },
  desert: {
    colors: {
      far: '#b8765a',
      middle: '#dcaa78',
      near: '#cf9463',
      ground: '#b5764c',
      water: '#5b93a6',
      foliage: '#6d7a45',
    },
    range: 'mesas',
    trees: [['shrub', 1]],
    treeDensity: [0, 2, 4],
    lakeChance: 0,
    grass: false,
    trail: '#d8b184',
  },
  oasis: {
    colors: {
      far: '#c08a66',
      middle: '#d8ad7c',
      near: '#b9a060',
      ground: '#a89a5a',
      water: '#4f8fa0',
      foliage: '#4f6a34',
    },
    range: 'dunes',
    trees: [
      ['palm', 4],
      ['shrub', 1],
    ],
    treeDensity: [14, 12, 6],
    lakeChance: 0.6,
    grass: false,
    trail: '#d8b184',
  },
  'cactus-desert': {
    colors: {
      far: '#b8765a',
      middle: '#d6a676',
      near: '#c99263',
      ground: '#b07a4e',
      water: '#5b93a6',
      foliage: '#5f7444',
    },
    range: 'mesas',
    trees: [
      ['cactus', 2],
      ['shrub', 3],
    ],
    treeDensity: [0, 4, 8],
    lakeChance: 0,
    grass: false,
    trail: '#d2a77a',
  },
  savannah: {
    colors: {
      far: '#9a8f86',
      middle: '#c2a55e',
      near: '#b89a52',
      ground: '#a88a48',
      water: '#6b8f8a',
      foliage: '#5b6433',
    },
    range: 'low-hills',
    trees: [
      ['acacia', 4],
      ['shrub', 2],
    ],
    treeDensity: [16, 10, 6],
    lakeChance: 0.25,
    grass: true,
    trail: '#c9a070',
  },
  bush: {
    colors: {
      far: '#7f8aa0',
      middle: '#8f9462',
      near: '#99915a',
      ground: '#a08a55',
      water: '#4f86a0',
      foliage: '#4d5e3a',
    },
    range: 'hills',
    trees: [
      ['broadleaf', 4],
      ['shrub', 2],
    ],
    treeDensity: [50, 24, 10],
    lakeChance: 0.3,
    grass: true,
    trail: '#c4a27a',
  },
  tropical: {
    colors: {
      far: '#6f8a8a',
      middle: '#3f7048',
      near: '#2f6038',
      ground: '#4f7a36',
      water: '#3f8aa0',
      foliage: '#1f4a2a',
    },
    range: 'hills',
    trees: [
      ['broadleaf', 4],
      ['palm', 2],
    ],
    treeDensity: [170, 80, 36],
    lakeChance: 0.35,
    grass: true,
    trail: '#a5805c',
  },
  wetland: {
    colors: {
      far: '#7f9298',
      middle: '#6f8a5a',
      near: '#7a8f4f',
      ground: '#6f8742',
      water: '#4f8a9a',
      foliage: '#3a5a32',
    },
    range: 'low-hills',
    trees: [
      ['broadleaf', 3],
      ['shrub', 3],
    ],
    treeDensity: [30, 18, 8],
    lakeChance: 1,
    grass: true,
    trail: '#a99574',
  },
};

/** The drawing profile of a landscape name; a coast keeps the terrain and adds the sea. */
export function resolveLandscape(name: LandscapeName): Landscape {
  const { terrain, coast } = parseLandscape(name);
  const profile = PROFILES[terrain];
  return {
    ...profile,
    name,
    terrain,
    sea: coast,
    // The shore in the foreground is sand (black sand where the rock is volcanic).
    colors: coast
      ? {
          ...profile.colors,
          ground: mix(profile.colors.ground, terrain === 'tundra' ? '#3b3a38' : SAND, 0.45),
        }
      : profile.colors,
  };
}

/**
 * Pictures that belong to no place (blog, collections, avatars) draw one of these: temperate
 * country a rider could meet in many parts of the world, never something as particular as a
 * cactus or an acacia.
 */
export const NEUTRAL_LANDSCAPES: readonly LandscapeName[] = [
  'alpine',
  'forest',
  'steppe',
  'moorland',
  'mediterranean',
  'highland',
];

export function pickNeutralLandscape(random: Random, from = NEUTRAL_LANDSCAPES): Landscape {
  return resolveLandscape(random.pick(from));
}

/** Every landscape name the URL grammar accepts, for exhaustive tests. */
export const ALL_LANDSCAPES: readonly LandscapeName[] = TERRAINS.flatMap((terrain) => [
  terrain,
  `${terrain}-coast` as const,
]);
