import type { Terrain } from '@gallop/api/src/modules/media/index.ts';

/**
 * The demo geography: real countries in every world part with real regions and cities
 * (approximate coordinates; a town that Natural Earth's 1:50m coast, simplified, puts at sea, such
 * as Vik, Tarifa, Reine or Savusavu, stands up to 3 km inland of its real point, so its tours'
 * markers and nights are on land: decision 120). Country ids follow the spec where it names them: 31, 114 and 228
 * are the non-metric countries (Liberia, Myanmar, the United States).
 */
interface CitySeed {
  name: string;
  lat: number;
  lng: number;
  isPort?: boolean;
  /** A beach long and open enough to ride on starts here. */
  beach?: boolean;
  /**
   * Where rides from here head and how far their loops may stray (km), for a town whose region's
   * other towns would lead a ride out to sea or over a border; read off the 1:50m atlas the
   * seed's geography test checks the routes against (decision 120).
   */
  rides?: CityRides;
}

export interface CityRides {
  toward?: { lat: number; lng: number };
  withinKm?: number;
}

/**
 * What a region is known for. Tour names, descriptions, programmes and reviews mention only
 * what the region has: no coast in Mongolia, no nomads in Tuscany.
 */
export type RegionFeature =
  | 'beaches'
  | 'canyons'
  | 'castles'
  | 'desert'
  | 'fjords'
  | 'forest'
  | 'glaciers'
  | 'highlands'
  | 'horse-herders'
  | 'hot-springs'
  | 'lakes'
  | 'mountains'
  | 'nomads'
  | 'old-towns'
  | 'ranches'
  | 'rivers'
  | 'steppe'
  | 'villages'
  | 'vineyards'
  | 'volcanoes'
  | 'waterfalls'
  | 'wetlands'
  | 'wild-horses'
  | 'wildlife';

export interface RegionSeed {
  name: string;
  /** How the region looks: its pictures are drawn with this landscape profile. */
  landscape: Terrain;
  /** The region meets the sea. */
  coast?: boolean;
  features: RegionFeature[];
  cities: CitySeed[];
  showplaces: string[];
}

/**
 * A destination. Its id, ISO code, name, calling code, currency, world part, point and
 * `isPrimary` are the reference row's (apps/api/src/db/reference/countries.ts, which the database
 * has before the seed: decision 163); `reference-countries.test.ts` keeps them the same.
 */
export interface CountrySeed {
  id: number;
  iso: string;
  name: string;
  phoneCode: string;
  currency: string;
  /** The currency its tours are priced in (a contract currency where the local one is not). */
  tourCurrency: string;
  worldPart: string;
  lat: number;
  lng: number;
  isPrimary?: boolean;
  /** Rivers, lakes or seas that cruises from this country sail on. */
  waters?: string[];
  /** Relative number of tours. */
  weight: number;
  regions: RegionSeed[];
}

const c = (
  name: string,
  lat: number,
  lng: number,
  isPort = false,
  beach = false,
  rides?: CityRides,
): CitySeed => ({
  name,
  lat,
  lng,
  isPort,
  ...(beach ? { beach } : {}),
  ...(rides ? { rides } : {}),
});

export const COUNTRIES: CountrySeed[] = [
  {
    id: 101,
    iso: 'IS',
    name: 'Iceland',
    phoneCode: '354',
    currency: 'ISK',
    tourCurrency: 'EUR',
    worldPart: 'Europe',
    lat: 64.9,
    lng: -19.0,
    weight: 6,
    waters: ['North Atlantic'],
    regions: [
      {
        name: 'South Iceland',
        landscape: 'tundra',
        coast: true,
        features: ['volcanoes', 'glaciers', 'waterfalls', 'rivers', 'beaches', 'highlands'],
        cities: [
          c('Hella', 63.83, -20.4, false, false, { toward: { lat: 64.37, lng: -20.4 } }),
          c('Vik', 63.44, -19.0, true, true, { toward: { lat: 63.98, lng: -19.0 } }),
        ],
        showplaces: ['Landmannalaugar', 'Seljalandsfoss'],
      },
      {
        name: 'North Iceland',
        landscape: 'tundra',
        coast: true,
        features: ['volcanoes', 'lakes', 'waterfalls', 'rivers', 'hot-springs'],
        cities: [
          c('Akureyri', 65.68, -18.09, true, false, { toward: { lat: 65.59, lng: -16.8 } }),
          c('Husavik', 66.04, -17.34, true, false, { toward: { lat: 65.6, lng: -16.58 } }),
        ],
        showplaces: ['Lake Myvatn', 'Dettifoss'],
      },
      {
        name: 'Westfjords',
        landscape: 'tundra',
        coast: true,
        features: ['fjords', 'waterfalls', 'mountains', 'beaches'],
        cities: [
          c('Isafjordur', 66.07, -23.13, true, false, {
            toward: { lat: 65.6, lng: -23.79 },
            withinKm: 9,
          }),
          c('Patreksfjordur', 65.61, -23.98, false, false, {
            toward: { lat: 65.88, lng: -22.85 },
            withinKm: 8,
          }),
        ],
        showplaces: ['Dynjandi'],
      },
    ],
  },
  {
    id: 103,
    iso: 'IE',
    name: 'Ireland',
    phoneCode: '353',
    currency: 'EUR',
    tourCurrency: 'EUR',
    worldPart: 'Europe',
    lat: 53.4,
    lng: -8.2,
    weight: 4,
    regions: [
      {
        name: 'Connemara',
        landscape: 'moorland',
        coast: true,
        features: ['mountains', 'lakes', 'beaches', 'villages'],
        cities: [
          c('Clifden', 53.49, -10.02, false, true, {
            toward: { lat: 53.54, lng: -9.12 },
            withinKm: 9,
          }),
          c('Galway', 53.27, -9.05, true, false, { toward: { lat: 53.8, lng: -8.89 } }),
        ],
        showplaces: ['Kylemore Abbey'],
      },
      {
        name: 'County Kerry',
        landscape: 'moorland',
        coast: true,
        features: ['mountains', 'lakes', 'beaches', 'villages'],
        cities: [
          c('Killarney', 52.06, -9.5, false, false, { toward: { lat: 52.24, lng: -8.68 } }),
          c('Dingle', 52.14, -10.27, true, true, {
            toward: { lat: 52.58, lng: -9.77 },
            withinKm: 7,
          }),
        ],
        showplaces: ['Ring of Kerry', 'Gap of Dunloe'],
      },
    ],
  },
  {
    id: 226,
    iso: 'GB',
    name: 'United Kingdom',
    phoneCode: '44',
    currency: 'GBP',
    tourCurrency: 'GBP',
    worldPart: 'Europe',
    lat: 54.0,
    lng: -2.5,
    weight: 4,
    isPrimary: true,
    regions: [
      {
        name: 'Scottish Highlands',
        landscape: 'moorland',
        features: ['mountains', 'lakes', 'rivers', 'castles'],
        cities: [c('Inverness', 57.48, -4.22, true), c('Fort William', 56.82, -5.11)],
        showplaces: ['Glen Coe', 'Loch Ness'],
      },
      {
        name: 'Dartmoor',
        landscape: 'moorland',
        features: ['highlands', 'wild-horses', 'villages', 'rivers'],
        cities: [
          c('Okehampton', 50.74, -4, false, false, {
            toward: { lat: 51.15, lng: -3.45 },
            withinKm: 30,
          }),
          c('Tavistock', 50.55, -4.14, false, false, {
            toward: { lat: 51.02, lng: -3.72 },
            withinKm: 35,
          }),
        ],
        showplaces: ['Haytor'],
      },
      {
        name: 'Lake District',
        landscape: 'moorland',
        features: ['mountains', 'lakes', 'villages'],
        cities: [
          c('Keswick', 54.6, -3.13, false, false, { toward: { lat: 54.78, lng: -2.26 } }),
          c('Ambleside', 54.43, -2.96, false, false, { toward: { lat: 54.81, lng: -2.3 } }),
        ],
        showplaces: ['Helvellyn'],
      },
    ],
  },
  {
    id: 201,
    iso: 'ES',
    name: 'Spain',
    phoneCode: '34',
    currency: 'EUR',
    tourCurrency: 'EUR',
    worldPart: 'Europe',
    lat: 40.4,
    lng: -3.7,
    weight: 6,
    waters: ['Mediterranean Sea'],
    regions: [
      {
        name: 'Andalusia',
        landscape: 'mediterranean',
        coast: true,
        features: ['mountains', 'villages', 'old-towns', 'beaches', 'wetlands'],
        cities: [
          c('Ronda', 36.74, -5.17),
          c('Seville', 37.39, -5.98),
          c('Tarifa', 36.04, -5.6, true, true, { toward: { lat: 36.58, lng: -5.6 }, withinKm: 12 }),
        ],
        showplaces: ['Sierra de Grazalema', 'Doñana National Park'],
      },
      {
        name: 'Catalonia',
        landscape: 'mediterranean',
        coast: true,
        features: ['mountains', 'villages', 'old-towns', 'vineyards'],
        cities: [
          c('Girona', 41.98, 2.82, false, false, { toward: { lat: 41.93, lng: 2.1 } }),
          c('Barcelona', 41.39, 2.17, true, false, { toward: { lat: 41.74, lng: 1.62 } }),
        ],
        showplaces: ['Montserrat'],
      },
      {
        name: 'Castile and León',
        landscape: 'mediterranean',
        features: ['mountains', 'old-towns', 'villages', 'castles'],
        cities: [c('Ávila', 40.66, -4.7), c('Salamanca', 40.97, -5.66)],
        showplaces: ['Sierra de Gredos'],
      },
    ],
  },
  {
    id: 172,
    iso: 'PT',
    name: 'Portugal',
    phoneCode: '351',
    currency: 'EUR',
    tourCurrency: 'EUR',
    worldPart: 'Europe',
    lat: 39.5,
    lng: -8.0,
    weight: 4,
    waters: ['Douro River'],
    regions: [
      {
        name: 'Alentejo',
        landscape: 'mediterranean',
        coast: true,
        features: ['beaches', 'villages', 'old-towns', 'vineyards'],
        cities: [
          c('Évora', 38.57, -7.91, false, false, { toward: { lat: 39.11, lng: -7.91 } }),
          c('Comporta', 38.38, -8.78, true, true),
        ],
        showplaces: ['Monsaraz'],
      },
      {
        name: 'Douro Valley',
        landscape: 'mediterranean',
        features: ['vineyards', 'rivers', 'villages', 'old-towns'],
        cities: [
          c('Porto', 41.15, -8.61, true),
          c('Peso da Régua', 41.16, -7.79, true, false, { toward: { lat: 41.51, lng: -7.24 } }),
        ],
        showplaces: ['Pinhão vineyards'],
      },
    ],
  },
  {
    id: 74,
    iso: 'FR',
    name: 'France',
    phoneCode: '33',
    currency: 'EUR',
    tourCurrency: 'EUR',
    worldPart: 'Europe',
    lat: 46.6,
    lng: 2.2,
    weight: 5,
    isPrimary: true,
    waters: ['Rhône River'],
    regions: [
      {
        name: 'Provence',
        landscape: 'mediterranean',
        coast: true,
        features: ['wetlands', 'wild-horses', 'vineyards', 'villages', 'old-towns', 'beaches'],
        cities: [
          c('Arles', 43.68, 4.63, true),
          c('Avignon', 43.95, 4.81, true, false, { toward: { lat: 44.49, lng: 4.81 } }),
        ],
        showplaces: ['Camargue', 'Luberon'],
      },
      {
        name: 'Auvergne',
        landscape: 'forest',
        features: ['volcanoes', 'lakes', 'forest', 'villages'],
        cities: [c('Clermont-Ferrand', 45.78, 3.08), c('Le Puy-en-Velay', 45.04, 3.89)],
        showplaces: ['Puy de Dôme'],
      },
      {
        name: 'Loire Valley',
        landscape: 'forest',
        features: ['rivers', 'forest', 'castles', 'vineyards', 'villages'],
        cities: [c('Tours', 47.39, 0.69), c('Amboise', 47.41, 0.98)],
        showplaces: ['Château de Chambord'],
      },
    ],
  },
  {
    id: 107,
    iso: 'IT',
    name: 'Italy',
    phoneCode: '39',
    currency: 'EUR',
    tourCurrency: 'EUR',
    worldPart: 'Europe',
    lat: 42.8,
    lng: 12.5,
    weight: 5,
    isPrimary: true,
    regions: [
      {
        name: 'Tuscany',
        landscape: 'mediterranean',
        features: ['vineyards', 'villages', 'old-towns'],
        cities: [c('Siena', 43.32, 11.33), c('Florence', 43.77, 11.25)],
        showplaces: ['Val d’Orcia', 'Chianti hills'],
      },
      {
        name: 'Sardinia',
        landscape: 'mediterranean',
        coast: true,
        features: ['beaches', 'wild-horses', 'mountains', 'villages'],
        cities: [
          c('Oristano', 39.9, 8.59, true, true, { toward: { lat: 40.21, lng: 9.17 } }),
          c('Olbia', 40.92, 9.5, true),
        ],
        showplaces: ['Giara di Gesturi'],
      },
      {
        name: 'Umbria',
        landscape: 'mediterranean',
        features: ['villages', 'old-towns', 'mountains', 'forest', 'vineyards'],
        cities: [c('Perugia', 43.11, 12.39), c('Assisi', 43.07, 12.62)],
        showplaces: ['Monte Subasio'],
      },
    ],
  },
  {
    id: 162,
    iso: 'NO',
    name: 'Norway',
    phoneCode: '47',
    currency: 'NOK',
    tourCurrency: 'EUR',
    worldPart: 'Europe',
    lat: 61.0,
    lng: 8.5,
    weight: 3,
    waters: ['Norwegian Sea'],
    regions: [
      {
        name: 'Jotunheimen',
        landscape: 'alpine',
        features: ['mountains', 'glaciers', 'lakes'],
        cities: [c('Lom', 61.84, 8.57), c('Otta', 61.77, 9.54)],
        showplaces: ['Besseggen Ridge'],
      },
      {
        name: 'Lofoten',
        landscape: 'tundra',
        coast: true,
        features: ['fjords', 'beaches', 'mountains'],
        cities: [
          c('Svolvær', 68.23, 14.57, true, false, {
            toward: { lat: 68.77, lng: 14.57 },
            withinKm: 7,
          }),
          c('Reine', 67.94, 13.06, true, false, {
            toward: { lat: 67.85, lng: 11.65 },
            withinKm: 3,
          }),
        ],
        showplaces: ['Haukland Beach'],
      },
    ],
  },
  {
    id: 99,
    iso: 'HU',
    name: 'Hungary',
    phoneCode: '36',
    currency: 'HUF',
    tourCurrency: 'EUR',
    worldPart: 'Europe',
    lat: 47.2,
    lng: 19.5,
    weight: 3,
    waters: ['Danube River'],
    regions: [
      {
        name: 'Great Plain',
        landscape: 'steppe',
        features: ['steppe', 'wetlands', 'villages', 'horse-herders'],
        cities: [c('Kecskemét', 46.9, 19.69), c('Hortobágy', 47.58, 21.15)],
        showplaces: ['Hortobágy National Park'],
      },
      {
        name: 'Danube Bend',
        landscape: 'forest',
        features: ['rivers', 'forest', 'castles', 'old-towns', 'villages'],
        cities: [
          c('Budapest', 47.5, 19.04, true, false, { toward: { lat: 47.77, lng: 19.73 } }),
          c('Visegrád', 47.79, 18.97, true),
        ],
        showplaces: ['Visegrád Castle'],
      },
    ],
  },
  {
    id: 80,
    iso: 'GE',
    name: 'Georgia',
    phoneCode: '995',
    currency: 'GEL',
    tourCurrency: 'USD',
    worldPart: 'Europe',
    lat: 42.3,
    lng: 43.4,
    weight: 3,
    regions: [
      {
        name: 'Tusheti',
        landscape: 'alpine',
        features: ['mountains', 'villages', 'horse-herders'],
        cities: [
          c('Omalo', 42.37, 45.63, false, false, {
            toward: { lat: 42.19, lng: 44.94 },
            withinKm: 20,
          }),
          c('Telavi', 41.92, 45.47, false, false, { toward: { lat: 41.74, lng: 44.79 } }),
        ],
        showplaces: ['Abano Pass'],
      },
      {
        name: 'Svaneti',
        landscape: 'alpine',
        features: ['mountains', 'glaciers', 'villages'],
        cities: [
          c('Mestia', 43.05, 42.73, false, false, { toward: { lat: 42.51, lng: 42.79 } }),
          c('Ushguli', 42.92, 43.01, false, false, { toward: { lat: 42.39, lng: 43.14 } }),
        ],
        showplaces: ['Shkhara Glacier'],
      },
    ],
  },
  {
    id: 182,
    iso: 'RU',
    name: 'Russia',
    phoneCode: '7',
    currency: 'RUB',
    tourCurrency: 'RUB',
    worldPart: 'Europe',
    lat: 55.7,
    lng: 37.6,
    weight: 6,
    isPrimary: true,
    waters: ['Volga River', 'Lake Baikal'],
    regions: [
      {
        name: 'Altai Republic',
        landscape: 'alpine',
        features: ['mountains', 'rivers', 'lakes', 'forest', 'horse-herders'],
        cities: [c('Gorno-Altaysk', 51.96, 85.96), c('Chemal', 51.41, 86.0)],
        showplaces: ['Katun River valley', 'Multinskie Lakes'],
      },
      {
        name: 'Karelia',
        landscape: 'forest',
        features: ['lakes', 'forest', 'rivers', 'villages'],
        cities: [c('Petrozavodsk', 61.79, 34.36, true), c('Sortavala', 61.7, 30.69, true)],
        showplaces: ['Ruskeala Canyon'],
      },
      {
        name: 'Irkutsk Oblast',
        landscape: 'forest',
        features: ['lakes', 'forest', 'mountains'],
        cities: [c('Irkutsk', 52.29, 104.28, true), c('Listvyanka', 51.85, 104.87, true)],
        showplaces: ['Olkhon Island'],
      },
      {
        name: 'Nizhny Novgorod Oblast',
        landscape: 'forest',
        features: ['rivers', 'forest', 'old-towns', 'villages'],
        cities: [c('Nizhny Novgorod', 56.33, 44.0, true), c('Gorodets', 56.65, 43.47, true)],
        showplaces: ['Makaryev Monastery'],
      },
    ],
  },
  {
    id: 146,
    iso: 'MN',
    name: 'Mongolia',
    phoneCode: '976',
    currency: 'MNT',
    tourCurrency: 'USD',
    worldPart: 'Asia',
    lat: 46.9,
    lng: 103.8,
    weight: 6,
    regions: [
      {
        name: 'Arkhangai',
        landscape: 'steppe',
        features: ['steppe', 'nomads', 'rivers', 'volcanoes', 'lakes', 'hot-springs'],
        cities: [c('Tsetserleg', 47.47, 101.45), c('Kharkhorin', 47.2, 102.82)],
        showplaces: ['Orkhon Valley', 'Erdene Zuu Monastery'],
      },
      {
        name: 'Khövsgöl',
        landscape: 'alpine',
        features: ['lakes', 'forest', 'mountains', 'nomads'],
        cities: [c('Mörön', 49.64, 100.16), c('Khatgal', 50.44, 100.16, true)],
        showplaces: ['Lake Khövsgöl'],
      },
      {
        name: 'Töv',
        landscape: 'steppe',
        features: ['steppe', 'nomads', 'wild-horses', 'rivers'],
        cities: [c('Ulaanbaatar', 47.92, 106.92), c('Zuunmod', 47.71, 106.95)],
        showplaces: ['Gorkhi-Terelj National Park'],
      },
    ],
  },
  {
    id: 112,
    iso: 'KZ',
    name: 'Kazakhstan',
    phoneCode: '7',
    currency: 'KZT',
    tourCurrency: 'KZT',
    worldPart: 'Asia',
    lat: 48.0,
    lng: 67.0,
    weight: 3,
    regions: [
      {
        name: 'Almaty Region',
        landscape: 'alpine',
        features: ['mountains', 'lakes', 'canyons', 'forest', 'horse-herders'],
        cities: [
          c('Almaty', 43.24, 76.89, false, false, { toward: { lat: 43.78, lng: 76.89 } }),
          c('Saty', 43.05, 78.41, false, false, { toward: { lat: 43.59, lng: 78.41 } }),
        ],
        showplaces: ['Charyn Canyon', 'Kolsai Lakes'],
      },
      {
        name: 'East Kazakhstan',
        landscape: 'alpine',
        features: ['mountains', 'rivers', 'forest', 'lakes', 'horse-herders'],
        cities: [c('Oskemen', 49.95, 82.61), c('Katon-Karagay', 49.17, 85.61)],
        showplaces: ['Rakhmanov Springs'],
      },
    ],
  },
  {
    id: 117,
    iso: 'KG',
    name: 'Kyrgyzstan',
    phoneCode: '996',
    currency: 'KGS',
    tourCurrency: 'USD',
    worldPart: 'Asia',
    lat: 41.2,
    lng: 74.8,
    weight: 4,
    regions: [
      {
        name: 'Issyk-Kul',
        landscape: 'highland',
        features: ['lakes', 'mountains', 'nomads', 'hot-springs'],
        cities: [
          c('Karakol', 42.49, 78.39, true, false, { toward: { lat: 42.26, lng: 79.05 } }),
          c('Cholpon-Ata', 42.65, 77.08, true, false, { toward: { lat: 42.42, lng: 77.74 } }),
        ],
        showplaces: ['Jeti-Ögüz Gorge', 'Altyn-Arashan'],
      },
      {
        name: 'Naryn',
        landscape: 'highland',
        features: ['nomads', 'lakes', 'mountains'],
        cities: [c('Naryn', 41.43, 76.0), c('Kochkor', 42.22, 75.75)],
        showplaces: ['Song-Kul Lake', 'Tash Rabat'],
      },
    ],
  },
  {
    id: 45,
    iso: 'CN',
    name: 'China',
    phoneCode: '86',
    currency: 'CNY',
    tourCurrency: 'CNY',
    worldPart: 'Asia',
    lat: 35.9,
    lng: 104.2,
    weight: 3,
    waters: ['Yangtze River'],
    regions: [
      {
        name: 'Inner Mongolia',
        landscape: 'steppe',
        features: ['steppe', 'nomads', 'rivers'],
        cities: [c('Hohhot', 40.84, 111.75), c('Hailar', 49.21, 119.76)],
        showplaces: ['Hulunbuir Grasslands'],
      },
      {
        name: 'Yunnan',
        landscape: 'alpine',
        features: ['mountains', 'canyons', 'villages', 'old-towns', 'rivers'],
        cities: [c('Lijiang', 26.86, 100.23), c('Shangri-La', 27.83, 99.71)],
        showplaces: ['Tiger Leaping Gorge'],
      },
      {
        name: 'Chongqing',
        landscape: 'forest',
        features: ['rivers', 'canyons', 'mountains'],
        cities: [c('Chongqing', 29.56, 106.55, true), c('Fengjie', 31.02, 109.46, true)],
        showplaces: ['Three Gorges'],
      },
    ],
  },
  {
    id: 100,
    iso: 'IN',
    name: 'India',
    phoneCode: '91',
    currency: 'INR',
    tourCurrency: 'USD',
    worldPart: 'Asia',
    lat: 20.6,
    lng: 79.0,
    weight: 2,
    regions: [
      {
        name: 'Rajasthan',
        landscape: 'desert',
        features: ['desert', 'old-towns', 'villages', 'castles'],
        cities: [c('Udaipur', 24.58, 73.71), c('Jodhpur', 26.24, 73.02)],
        showplaces: ['Kumbhalgarh Fort', 'Thar Desert'],
      },
      {
        name: 'Ladakh',
        landscape: 'highland',
        features: ['mountains', 'lakes', 'desert', 'villages'],
        cities: [c('Leh', 34.15, 77.58), c('Nubra', 34.6, 77.55)],
        showplaces: ['Pangong Lake'],
      },
    ],
  },
  {
    id: 218,
    iso: 'TR',
    name: 'Türkiye',
    phoneCode: '90',
    currency: 'TRY',
    tourCurrency: 'EUR',
    worldPart: 'Asia',
    lat: 39.0,
    lng: 35.2,
    weight: 4,
    regions: [
      {
        name: 'Cappadocia',
        landscape: 'mediterranean',
        features: ['canyons', 'villages', 'vineyards'],
        cities: [c('Göreme', 38.64, 34.83), c('Ürgüp', 38.63, 34.91)],
        showplaces: ['Love Valley', 'Rose Valley'],
      },
      {
        name: 'Lycia',
        landscape: 'mediterranean',
        coast: true,
        features: ['beaches', 'mountains', 'canyons', 'villages'],
        cities: [
          c('Fethiye', 36.62, 29.12, true, true, { toward: { lat: 37.03, lng: 29.55 } }),
          c('Kaş', 36.2, 29.64, true, false, { toward: { lat: 36.74, lng: 29.64 } }),
        ],
        showplaces: ['Saklıkent Gorge'],
      },
    ],
  },
  {
    id: 111,
    iso: 'JO',
    name: 'Jordan',
    phoneCode: '962',
    currency: 'JOD',
    tourCurrency: 'USD',
    worldPart: 'Asia',
    lat: 30.6,
    lng: 36.2,
    weight: 2,
    regions: [
      {
        name: 'Aqaba Governorate',
        landscape: 'desert',
        features: ['desert', 'canyons'],
        cities: [
          c('Wadi Rum Village', 29.58, 35.42, false, false, { toward: { lat: 30.09, lng: 35.63 } }),
          c('Aqaba', 29.53, 35, true, false, { toward: { lat: 29.67, lng: 35.6 }, withinKm: 30 }),
        ],
        showplaces: ['Wadi Rum'],
      },
      {
        name: 'Ma’an Governorate',
        landscape: 'desert',
        features: ['desert', 'canyons', 'mountains'],
        cities: [
          c('Wadi Musa', 30.32, 35.48),
          c('Ma’an', 30.19, 35.73, false, false, { toward: { lat: 30.73, lng: 35.73 } }),
        ],
        showplaces: ['Petra'],
      },
    ],
  },
  {
    id: 114,
    iso: 'MM',
    name: 'Myanmar',
    phoneCode: '95',
    currency: 'MMK',
    tourCurrency: 'USD',
    worldPart: 'Asia',
    lat: 21.9,
    lng: 95.9,
    weight: 1,
    waters: ['Inle Lake', 'Irrawaddy River'],
    regions: [
      {
        name: 'Shan State',
        landscape: 'tropical',
        features: ['lakes', 'villages', 'forest'],
        cities: [c('Nyaungshwe', 20.66, 96.93, true), c('Kalaw', 20.63, 96.56)],
        showplaces: ['Inle Lake stilt villages'],
      },
      {
        name: 'Mandalay Region',
        landscape: 'savannah',
        features: ['rivers', 'villages'],
        cities: [c('Bagan', 21.17, 94.86, true), c('Mandalay', 21.96, 96.09, true)],
        showplaces: ['Bagan temples'],
      },
    ],
  },
  {
    id: 149,
    iso: 'MA',
    name: 'Morocco',
    phoneCode: '212',
    currency: 'MAD',
    tourCurrency: 'EUR',
    worldPart: 'Africa',
    lat: 31.8,
    lng: -7.1,
    weight: 4,
    regions: [
      {
        name: 'High Atlas',
        landscape: 'highland',
        features: ['mountains', 'villages', 'rivers'],
        cities: [c('Imlil', 31.14, -7.92), c('Marrakesh', 31.63, -8.0)],
        showplaces: ['Toubkal', 'Ourika Valley'],
      },
      {
        name: 'Sahara',
        landscape: 'desert',
        features: ['desert', 'nomads'],
        cities: [
          c('Merzouga', 31.1, -4.01, false, false, { toward: { lat: 31.15, lng: -4.64 } }),
          c('Zagora', 30.33, -5.84, false, false, { toward: { lat: 30.87, lng: -5.84 } }),
        ],
        showplaces: ['Erg Chebbi dunes'],
      },
      {
        name: 'Atlantic Coast',
        landscape: 'desert',
        coast: true,
        features: ['beaches', 'old-towns'],
        cities: [
          c('Essaouira', 31.51, -9.76, true, true, { toward: { lat: 31.37, lng: -9.15 } }),
          c('Agadir', 30.43, -9.6, true, true, { toward: { lat: 30.87, lng: -9.24 } }),
        ],
        showplaces: ['Cap Sim'],
      },
    ],
  },
  {
    id: 199,
    iso: 'ZA',
    name: 'South Africa',
    phoneCode: '27',
    currency: 'ZAR',
    tourCurrency: 'USD',
    worldPart: 'Africa',
    lat: -30.6,
    lng: 22.9,
    weight: 4,
    regions: [
      {
        name: 'Western Cape',
        landscape: 'mediterranean',
        coast: true,
        features: ['beaches', 'vineyards', 'mountains'],
        cities: [
          c('Cape Town', -33.92, 18.42, true, true, {
            toward: { lat: -34.23, lng: 18.95 },
            withinKm: 9,
          }),
          c('Stellenbosch', -33.93, 18.86, false, false, { toward: { lat: -33.39, lng: 18.92 } }),
        ],
        showplaces: ['Cape Winelands', 'Noordhoek Beach'],
      },
      {
        name: 'Limpopo',
        landscape: 'savannah',
        features: ['wildlife', 'mountains', 'ranches'],
        cities: [c('Vaalwater', -24.29, 28.11), c('Hoedspruit', -24.35, 30.95)],
        showplaces: ['Waterberg Biosphere'],
      },
    ],
  },
  {
    id: 113,
    iso: 'KE',
    name: 'Kenya',
    phoneCode: '254',
    currency: 'KES',
    tourCurrency: 'USD',
    worldPart: 'Africa',
    lat: -0.02,
    lng: 37.9,
    weight: 3,
    regions: [
      {
        name: 'Laikipia',
        landscape: 'savannah',
        features: ['wildlife', 'mountains', 'ranches'],
        cities: [c('Nanyuki', 0.01, 37.07), c('Rumuruti', 0.27, 36.54)],
        showplaces: ['Mount Kenya foothills'],
      },
      {
        name: 'Narok',
        landscape: 'savannah',
        features: ['wildlife', 'rivers'],
        cities: [c('Narok', -1.08, 35.87), c('Talek', -1.45, 35.21)],
        showplaces: ['Maasai Mara'],
      },
    ],
  },
  {
    id: 29,
    iso: 'BW',
    name: 'Botswana',
    phoneCode: '267',
    currency: 'BWP',
    tourCurrency: 'USD',
    worldPart: 'Africa',
    lat: -22.3,
    lng: 24.7,
    weight: 2,
    waters: ['Okavango Delta'],
    regions: [
      {
        name: 'North-West District',
        landscape: 'wetland',
        features: ['wildlife', 'wetlands', 'rivers'],
        cities: [c('Maun', -19.98, 23.42, true), c('Shakawe', -18.36, 21.84, true)],
        showplaces: ['Okavango Delta'],
      },
      {
        name: 'Central District',
        landscape: 'savannah',
        features: ['wildlife', 'desert'],
        cities: [c('Gweta', -20.2, 25.25), c('Serowe', -22.39, 26.71)],
        showplaces: ['Makgadikgadi Pans'],
      },
    ],
  },
  {
    id: 152,
    iso: 'NA',
    name: 'Namibia',
    phoneCode: '264',
    currency: 'NAD',
    tourCurrency: 'USD',
    worldPart: 'Africa',
    lat: -22.9,
    lng: 18.5,
    weight: 2,
    regions: [
      {
        name: 'Erongo',
        landscape: 'desert',
        coast: true,
        features: ['desert', 'mountains', 'beaches'],
        cities: [
          c('Swakopmund', -22.68, 14.53, true, true, { toward: { lat: -22.45, lng: 15.06 } }),
          c('Usakos', -22.0, 15.6),
        ],
        showplaces: ['Namib Desert', 'Spitzkoppe'],
      },
      {
        name: 'Khomas',
        landscape: 'savannah',
        features: ['mountains', 'ranches', 'wildlife'],
        cities: [c('Windhoek', -22.56, 17.07), c('Dordabis', -22.97, 17.68)],
        showplaces: ['Khomas Hochland'],
      },
    ],
  },
  {
    id: 31,
    iso: 'LR',
    name: 'Liberia',
    phoneCode: '231',
    currency: 'LRD',
    tourCurrency: 'USD',
    worldPart: 'Africa',
    lat: 6.4,
    lng: -9.4,
    weight: 1,
    regions: [
      {
        name: 'Grand Cape Mount',
        landscape: 'tropical',
        coast: true,
        features: ['beaches', 'lakes', 'forest', 'villages'],
        cities: [
          c('Robertsport', 6.77, -11.36, true, true, {
            toward: { lat: 7.08, lng: -10.92 },
            withinKm: 30,
          }),
          c('Sinje', 6.85, -11.2, false, false, { toward: { lat: 7.12, lng: -10.73 } }),
        ],
        showplaces: ['Lake Piso'],
      },
      {
        name: 'Montserrado',
        landscape: 'tropical',
        coast: true,
        features: ['beaches', 'rivers', 'wetlands'],
        cities: [
          c('Monrovia', 6.32, -10.78, true, false, {
            toward: { lat: 6.67, lng: -10.36 },
            withinKm: 16,
          }),
          c('Careysburg', 6.42, -10.6, false, false, { toward: { lat: 6.96, lng: -10.6 } }),
        ],
        showplaces: ['Providence Island'],
      },
    ],
  },
  {
    id: 64,
    iso: 'EG',
    name: 'Egypt',
    phoneCode: '20',
    currency: 'EGP',
    tourCurrency: 'USD',
    worldPart: 'Africa',
    lat: 26.8,
    lng: 30.8,
    weight: 2,
    waters: ['Nile River'],
    regions: [
      {
        name: 'Luxor Governorate',
        landscape: 'oasis',
        features: ['desert', 'rivers', 'villages'],
        cities: [c('Luxor', 25.69, 32.64, true), c('Esna', 25.29, 32.55, true)],
        showplaces: ['Valley of the Kings'],
      },
      {
        name: 'Giza Governorate',
        landscape: 'oasis',
        features: ['desert', 'villages'],
        cities: [c('Giza', 30.01, 31.21, true), c('Saqqara', 29.87, 31.22)],
        showplaces: ['Pyramids of Giza'],
      },
    ],
  },
  {
    id: 228,
    iso: 'US',
    name: 'United States',
    phoneCode: '1',
    currency: 'USD',
    tourCurrency: 'USD',
    worldPart: 'North America',
    lat: 39.8,
    lng: -98.6,
    weight: 8,
    isPrimary: true,
    waters: ['Mississippi River'],
    regions: [
      {
        name: 'Montana',
        landscape: 'alpine',
        features: ['mountains', 'ranches', 'rivers', 'forest', 'wildlife', 'wild-horses'],
        cities: [c('Bozeman', 45.68, -111.04), c('Livingston', 45.66, -110.56)],
        showplaces: ['Yellowstone', 'Beartooth Highway'],
      },
      {
        name: 'Wyoming',
        landscape: 'alpine',
        features: ['mountains', 'ranches', 'wildlife', 'lakes', 'wild-horses'],
        cities: [c('Jackson', 43.48, -110.76), c('Cody', 44.53, -109.06)],
        showplaces: ['Grand Teton'],
      },
      {
        name: 'Arizona',
        landscape: 'cactus-desert',
        features: ['desert', 'canyons', 'ranches'],
        cities: [c('Sedona', 34.87, -111.76), c('Tucson', 32.22, -110.97)],
        showplaces: ['Monument Valley', 'Sonoran Desert'],
      },
      {
        name: 'Louisiana',
        landscape: 'wetland',
        features: ['wetlands', 'rivers', 'old-towns'],
        cities: [
          c('New Orleans', 29.95, -90.07, true, false, {
            toward: { lat: 29.6, lng: -90.55 },
            withinKm: 30,
          }),
          c('Baton Rouge', 30.45, -91.19, true, false, { toward: { lat: 30.99, lng: -91.19 } }),
        ],
        showplaces: ['Atchafalaya Basin'],
      },
    ],
  },
  {
    id: 38,
    iso: 'CA',
    name: 'Canada',
    phoneCode: '1',
    currency: 'CAD',
    tourCurrency: 'USD',
    worldPart: 'North America',
    lat: 56.1,
    lng: -106.3,
    weight: 4,
    isPrimary: true,
    regions: [
      {
        name: 'Alberta',
        landscape: 'alpine',
        features: ['mountains', 'lakes', 'forest', 'ranches', 'wildlife'],
        cities: [c('Banff', 51.18, -115.57), c('Canmore', 51.09, -115.36)],
        showplaces: ['Banff National Park', 'Lake Louise'],
      },
      {
        name: 'British Columbia',
        landscape: 'forest',
        features: ['ranches', 'lakes', 'forest', 'rivers'],
        cities: [c('Williams Lake', 52.14, -122.14), c('Kamloops', 50.67, -120.33)],
        showplaces: ['Cariboo Plateau'],
      },
    ],
  },
  {
    id: 138,
    iso: 'MX',
    name: 'Mexico',
    phoneCode: '52',
    currency: 'MXN',
    tourCurrency: 'USD',
    worldPart: 'North America',
    lat: 23.6,
    lng: -102.6,
    weight: 3,
    regions: [
      {
        name: 'Baja California Sur',
        landscape: 'cactus-desert',
        coast: true,
        features: ['beaches', 'desert', 'mountains', 'ranches'],
        cities: [
          c('Todos Santos', 23.45, -110.22, true, true, {
            toward: { lat: 23.86, lng: -109.84 },
            withinKm: 30,
          }),
          c('La Paz', 24.14, -110.31, true, false, {
            toward: { lat: 23.7, lng: -109.97 },
            withinKm: 25,
          }),
        ],
        showplaces: ['Sierra de la Laguna'],
      },
      {
        name: 'Chihuahua',
        landscape: 'cactus-desert',
        features: ['canyons', 'mountains', 'villages', 'ranches'],
        cities: [c('Creel', 27.75, -107.64), c('Batopilas', 27.03, -107.74)],
        showplaces: ['Copper Canyon'],
      },
    ],
  },
  {
    id: 52,
    iso: 'CR',
    name: 'Costa Rica',
    phoneCode: '506',
    currency: 'CRC',
    tourCurrency: 'USD',
    worldPart: 'North America',
    lat: 9.7,
    lng: -83.8,
    weight: 2,
    waters: ['Caribbean Sea'],
    regions: [
      {
        name: 'Guanacaste',
        landscape: 'tropical',
        coast: true,
        features: ['beaches', 'volcanoes', 'ranches', 'forest'],
        cities: [
          c('Tamarindo', 10.3, -85.84, true, true, {
            toward: { lat: 10.3, lng: -85.29 },
            withinKm: 25,
          }),
          c('Liberia', 10.63, -85.44, false, false, {
            toward: { lat: 10.58, lng: -84.89 },
            withinKm: 40,
          }),
        ],
        showplaces: ['Rincón de la Vieja'],
      },
      {
        name: 'Alajuela',
        landscape: 'tropical',
        features: ['volcanoes', 'forest', 'waterfalls', 'lakes'],
        cities: [
          c('La Fortuna', 10.47, -84.64, false, false, { toward: { lat: 10.33, lng: -84.11 } }),
          c('Monteverde', 10.3, -84.82),
        ],
        showplaces: ['Arenal Volcano'],
      },
    ],
  },
  {
    id: 10,
    iso: 'AR',
    name: 'Argentina',
    phoneCode: '54',
    currency: 'ARS',
    tourCurrency: 'USD',
    worldPart: 'South America',
    lat: -38.4,
    lng: -63.6,
    weight: 5,
    regions: [
      {
        name: 'Patagonia',
        landscape: 'highland',
        features: ['mountains', 'lakes', 'glaciers', 'ranches', 'forest'],
        cities: [
          c('El Chaltén', -49.33, -72.89, false, false, { toward: { lat: -49.15, lng: -72.11 } }),
          c('Bariloche', -41.13, -71.31),
        ],
        showplaces: ['Fitz Roy', 'Nahuel Huapi'],
      },
      {
        name: 'Salta',
        landscape: 'cactus-desert',
        features: ['canyons', 'vineyards', 'villages', 'ranches'],
        cities: [c('Salta', -24.78, -65.41), c('Cafayate', -26.07, -65.98)],
        showplaces: ['Quebrada de las Conchas'],
      },
      {
        name: 'Mendoza',
        landscape: 'highland',
        features: ['vineyards', 'mountains', 'ranches'],
        cities: [c('Mendoza', -32.89, -68.83), c('Tupungato', -33.37, -69.15)],
        showplaces: ['Aconcagua'],
      },
    ],
  },
  {
    id: 43,
    iso: 'CL',
    name: 'Chile',
    phoneCode: '56',
    currency: 'CLP',
    tourCurrency: 'USD',
    worldPart: 'South America',
    lat: -35.7,
    lng: -71.5,
    weight: 3,
    regions: [
      {
        name: 'Magallanes',
        landscape: 'highland',
        features: ['mountains', 'lakes', 'glaciers', 'ranches', 'wildlife'],
        cities: [
          c('Puerto Natales', -51.73, -72.51, true, false, {
            toward: { lat: -51.32, lng: -71.95 },
            withinKm: 8,
          }),
          c('Cerro Castillo', -51.26, -72.34, false, false, {
            toward: { lat: -51.4, lng: -73.17 },
            withinKm: 25,
          }),
        ],
        showplaces: ['Torres del Paine'],
      },
      {
        name: 'Atacama',
        landscape: 'desert',
        features: ['desert', 'volcanoes', 'canyons'],
        cities: [c('San Pedro de Atacama', -22.91, -68.2), c('Calama', -22.46, -68.93)],
        showplaces: ['Valle de la Luna'],
      },
    ],
  },
  {
    id: 168,
    iso: 'PE',
    name: 'Peru',
    phoneCode: '51',
    currency: 'PEN',
    tourCurrency: 'USD',
    worldPart: 'South America',
    lat: -9.2,
    lng: -75.0,
    weight: 3,
    waters: ['Amazon River', 'Lake Titicaca'],
    regions: [
      {
        name: 'Cusco',
        landscape: 'highland',
        features: ['mountains', 'villages', 'rivers'],
        cities: [c('Cusco', -13.53, -71.97), c('Urubamba', -13.3, -72.12)],
        showplaces: ['Sacred Valley', 'Rainbow Mountain'],
      },
      {
        name: 'Puno',
        landscape: 'highland',
        features: ['lakes', 'villages'],
        cities: [c('Puno', -15.84, -70.02, true), c('Juliaca', -15.5, -70.13)],
        showplaces: ['Uros islands'],
      },
      {
        name: 'Loreto',
        landscape: 'tropical',
        features: ['rivers', 'forest', 'wildlife', 'wetlands'],
        cities: [c('Iquitos', -3.75, -73.25, true), c('Nauta', -4.51, -73.58, true)],
        showplaces: ['Pacaya-Samiria'],
      },
    ],
  },
  {
    id: 30,
    iso: 'BR',
    name: 'Brazil',
    phoneCode: '55',
    currency: 'BRL',
    tourCurrency: 'USD',
    worldPart: 'South America',
    lat: -14.2,
    lng: -51.9,
    weight: 3,
    waters: ['Amazon River'],
    regions: [
      {
        name: 'Mato Grosso do Sul',
        landscape: 'wetland',
        features: ['wetlands', 'wildlife', 'ranches', 'rivers'],
        cities: [c('Bonito', -21.13, -56.48), c('Miranda', -20.24, -56.38)],
        showplaces: ['Pantanal'],
      },
      {
        name: 'Amazonas',
        landscape: 'tropical',
        features: ['rivers', 'forest', 'wildlife'],
        cities: [c('Manaus', -3.12, -60.02, true), c('Novo Airão', -2.62, -60.94, true)],
        showplaces: ['Meeting of the Waters'],
      },
    ],
  },
  {
    id: 229,
    iso: 'UY',
    name: 'Uruguay',
    phoneCode: '598',
    currency: 'UYU',
    tourCurrency: 'USD',
    worldPart: 'South America',
    lat: -32.5,
    lng: -55.8,
    weight: 2,
    regions: [
      {
        name: 'Rocha',
        landscape: 'steppe',
        coast: true,
        features: ['beaches', 'lakes', 'wildlife'],
        cities: [
          c('Punta del Diablo', -34.03, -53.56, true, true, {
            toward: { lat: -33.8, lng: -54.15 },
          }),
          c('Cabo Polonio', -34.38, -53.8, true, true, {
            toward: { lat: -34.07, lng: -54.33 },
            withinKm: 12,
          }),
        ],
        showplaces: ['Santa Teresa National Park'],
      },
      {
        name: 'Tacuarembó',
        landscape: 'steppe',
        features: ['ranches', 'rivers'],
        cities: [c('Tacuarembó', -31.71, -55.98), c('San Gregorio de Polanco', -32.61, -55.84)],
        showplaces: ['Valle Edén'],
      },
    ],
  },
  {
    id: 13,
    iso: 'AU',
    name: 'Australia',
    phoneCode: '61',
    currency: 'AUD',
    tourCurrency: 'USD',
    worldPart: 'Oceania',
    lat: -25.3,
    lng: 133.8,
    weight: 4,
    regions: [
      {
        name: 'New South Wales',
        landscape: 'bush',
        features: ['mountains', 'wild-horses', 'ranches', 'forest'],
        cities: [c('Jindabyne', -36.42, 148.62), c('Mudgee', -32.6, 149.59)],
        showplaces: ['Snowy Mountains', 'Blue Mountains'],
      },
      {
        name: 'Victoria',
        landscape: 'bush',
        features: ['mountains', 'wild-horses', 'ranches', 'rivers'],
        cities: [c('Mansfield', -37.05, 146.09), c('Bright', -36.73, 146.96)],
        showplaces: ['Victorian High Country'],
      },
    ],
  },
  {
    id: 157,
    iso: 'NZ',
    name: 'New Zealand',
    phoneCode: '64',
    currency: 'NZD',
    tourCurrency: 'USD',
    worldPart: 'Oceania',
    lat: -40.9,
    lng: 174.9,
    weight: 3,
    regions: [
      {
        name: 'Otago',
        landscape: 'highland',
        features: ['mountains', 'lakes', 'rivers', 'forest'],
        cities: [c('Queenstown', -45.03, 168.66), c('Glenorchy', -44.85, 168.39)],
        showplaces: ['Dart River valley', 'Paradise'],
      },
      {
        name: 'Canterbury',
        landscape: 'highland',
        features: ['mountains', 'rivers', 'ranches', 'lakes'],
        cities: [c('Methven', -43.63, 171.65), c('Hanmer Springs', -42.52, 172.83)],
        showplaces: ['Mount Sunday'],
      },
    ],
  },
  {
    id: 72,
    iso: 'FJ',
    name: 'Fiji',
    phoneCode: '679',
    currency: 'FJD',
    tourCurrency: 'USD',
    worldPart: 'Oceania',
    lat: -17.7,
    lng: 178.1,
    weight: 1,
    waters: ['Coral Coast Sea'],
    regions: [
      {
        name: 'Western Division',
        landscape: 'tropical',
        coast: true,
        features: ['beaches', 'villages'],
        cities: [
          c('Nadi', -17.8, 177.42, true, false, {
            toward: { lat: -17.8, lng: 177.99 },
            withinKm: 40,
          }),
          c('Sigatoka', -18.14, 177.51, true, true, {
            toward: { lat: -17.67, lng: 177.79 },
            withinKm: 30,
          }),
        ],
        showplaces: ['Sigatoka Sand Dunes'],
      },
      {
        name: 'Northern Division',
        landscape: 'tropical',
        coast: true,
        features: ['forest', 'waterfalls', 'beaches', 'villages'],
        cities: [
          c('Savusavu', -16.76, 179.35, true, false, {
            toward: { lat: -16.41, lng: 179.78 },
            withinKm: 12,
          }),
          c('Labasa', -16.43, 179.36, false, false, {
            toward: { lat: -16.9, lng: 179.64 },
            withinKm: 16,
          }),
        ],
        showplaces: ['Waisali Rainforest'],
      },
    ],
  },
];

/** Units per 1 USD (demo rates; `pnpm --filter @gallop/api rates` updates them). */
export const CURRENCY_RATES: Record<string, number> = {
  USD: 1,
  EUR: 0.92,
  GBP: 0.79,
  RUB: 92,
  BYN: 3.27,
  KZT: 475,
  CNY: 7.2,
  AED: 3.67,
  CAD: 1.36,
  AUD: 1.52,
  SGD: 1.34,
  NZD: 1.66,
  CHF: 0.88,
  TRY: 32.5,
  JPY: 151,
  KRW: 1350,
  INR: 83.3,
  ISK: 138,
  NOK: 10.6,
  HUF: 360,
  GEL: 2.7,
  MNT: 3400,
  KGS: 89,
  JOD: 0.71,
  MMK: 2100,
  MAD: 10,
  ZAR: 18.6,
  KES: 130,
  BWP: 13.6,
  NAD: 18.6,
  LRD: 190,
  EGP: 47,
  MXN: 17,
  CRC: 510,
  ARS: 870,
  CLP: 940,
  PEN: 3.7,
  BRL: 5.0,
  UYU: 39,
  FJD: 2.25,
};
