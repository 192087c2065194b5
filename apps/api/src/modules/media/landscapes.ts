/**
 * Landscape profiles: how a place looks, so a generated picture of it shows only what grows and
 * rises there (no cacti in Mongolia, no sea in a landlocked country). The names are part of the
 * media URL grammar (`/media/generated/{scene}/{landscape}/{seed}/...`), so they are a contract:
 * add names, never rename one.
 */
export const TERRAINS = [
  /** Rolling, nearly treeless grassland (Mongolia, the Hungarian puszta, the pampas). */
  'steppe',
  /** Treeless high grassland under snowy peaks (Tian Shan, the Andes, Patagonia, Ladakh). */
  'highland',
  /** Snowy jagged ranges over conifer forest and meadows (Altai, the Rockies, the Caucasus). */
  'alpine',
  /** Rounded, heathery hills with lochs and few trees (Scotland, Dartmoor, Connemara). */
  'moorland',
  /** Moss, lava and snowfields without trees (Iceland, the Arctic coast of Norway). */
  'tundra',
  /** Gentle hills under temperate forest (Karelia, the Loire, British Columbia). */
  'forest',
  /** Warm hills of cypress, olive and vine (Tuscany, Andalusia, the Cape Winelands). */
  'mediterranean',
  /** Sand, dunes and bare mesas of the Old World and the Atacama: no cacti. */
  'desert',
  /** Desert with date palms by water (the Nile valley). */
  'oasis',
  /** Deserts of the Americas, the only ones with columnar cacti (Sonora, Baja, Salta). */
  'cactus-desert',
  /** Golden grass with flat-topped acacias (East and southern Africa). */
  'savannah',
  /** Open eucalyptus woodland on dry hills (the Australian high country). */
  'bush',
  /** Rainforest hills and palms (the Amazon, Costa Rica, Fiji, West Africa). */
  'tropical',
  /** Flat land of channels, reeds and scattered trees (the Pantanal, the Okavango, bayous). */
  'wetland',
] as const;

export type Terrain = (typeof TERRAINS)[number];

/** A terrain, or a terrain that meets the sea (`tundra-coast`): the sea fills one side. */
export type LandscapeName = Terrain | `${Terrain}-coast`;

const COAST_SUFFIX = '-coast';

export function landscapeName(terrain: Terrain, coast: boolean): LandscapeName {
  return coast ? `${terrain}${COAST_SUFFIX}` : terrain;
}

export function isLandscapeName(value: string): value is LandscapeName {
  const terrain = value.endsWith(COAST_SUFFIX) ? value.slice(0, -COAST_SUFFIX.length) : value;
  return (TERRAINS as readonly string[]).includes(terrain);
}

/** The terrain of a landscape and whether it meets the sea. */
export function parseLandscape(name: LandscapeName): { terrain: Terrain; coast: boolean } {
  const coast = name.endsWith(COAST_SUFFIX);
  return {
    terrain: (coast ? name.slice(0, -COAST_SUFFIX.length) : name) as Terrain,
    coast,
  };
}
