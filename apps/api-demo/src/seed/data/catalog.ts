/** Kinds of rest, collections, seasons, languages and cruise data of the demo catalogue. */
import { all, has, hasAny, level, type When } from '../text-facts.ts';

export interface RestKindSeed {
  name: string;
  /** Tours of these kinds get this rest kind. */
  fits: ('tour' | 'excursion' | 'cruise')[];
  /** ...and only when the tour is really like that (a beach, a nomad camp, a gentle pace). */
  when?: When;
  /** A family kind: every tour of it takes a child of this age (`childrenFrom`). */
  forChildrenFrom?: number;
}

/**
 * A child of `age` can join the tour, riding or coming along (decision 149): the seed's minimum
 * age already allows for the riding ages and the non-rider policy (`seedMinAge`), so a minimum
 * at most `age` is the search's `minAge` rule on the demo's tours.
 */
const childrenFrom =
  (age: number): When =>
  (facts) =>
    facts.minAge <= age;

const landscapeIs =
  (...terrains: string[]): When =>
  (facts) =>
    terrains.some((terrain) => facts.landscape.startsWith(terrain));
const onWater =
  (...kinds: ('river' | 'lake' | 'sea')[]): When =>
  (facts) =>
    facts.water !== undefined && kinds.includes(facts.water.kind);

export const REST_KINDS: RestKindSeed[] = [
  { name: 'Trail riding', fits: ['tour', 'excursion'] },
  { name: 'Horse safari', fits: ['tour'], when: has('wildlife') },
  {
    name: 'Beach riding',
    fits: ['tour', 'excursion'],
    when: all(has('beaches'), (facts) => facts.coast),
  },
  { name: 'Mountain expeditions', fits: ['tour'], when: all(has('mountains'), level(2)) },
  { name: 'Ranch and cowboy life', fits: ['tour'], when: has('ranches') },
  { name: 'Nomad and yurt stays', fits: ['tour'], when: has('nomads') },
  { name: 'Riding lessons', fits: ['excursion', 'tour'], when: level(1, 1) },
  { name: 'Wine country rides', fits: ['tour', 'excursion'], when: has('vineyards') },
  {
    name: 'Winter rides',
    fits: ['tour', 'excursion'],
    when: landscapeIs('alpine', 'tundra', 'highland', 'steppe', 'forest'),
  },
  {
    name: 'Wildlife and nature',
    fits: ['tour', 'excursion', 'cruise'],
    when: hasAny('wildlife', 'wetlands', 'forest', 'lakes', 'glaciers'),
  },
  {
    name: 'Family riding holidays',
    fits: ['tour', 'excursion'],
    when: all(level(1, 2), childrenFrom(10)),
    forChildrenFrom: 10,
  },
  { name: 'River cruises', fits: ['cruise'], when: onWater('river') },
  { name: 'Sea and lake cruises', fits: ['cruise'], when: onWater('sea', 'lake') },
  {
    name: 'Culture and history',
    fits: ['tour', 'excursion', 'cruise'],
    when: hasAny('old-towns', 'castles', 'villages', 'nomads'),
  },
];

export const COLLECTIONS: {
  name: string;
  description: string;
  when?: When;
  /** A family collection: every tour of it takes a child of this age (`childrenFrom`). */
  forChildrenFrom?: number;
}[] = [
  {
    name: 'Best for beginners',
    description: 'Calm horses, short days and patient guides.',
    when: level(1, 1),
  },
  {
    name: 'For experienced riders',
    description: 'Long canters, big distances and wild terrain.',
    when: level(3),
  },
  {
    name: 'Family adventures',
    description: 'Rides that children from six years old enjoy as much as you.',
    when: all(level(1, 2), childrenFrom(6)),
    forChildrenFrom: 6,
  },
  {
    name: 'Weekend escapes',
    description: 'Two or three days in the saddle, back for Monday.',
    when: (facts) => facts.duration >= 2 && facts.duration <= 3,
  },
  {
    name: 'Luxury ranches',
    description: 'Fine food, soft beds and the best horses of the region.',
    when: all(
      has('ranches'),
      (facts) => facts.comfort === 'improved' || facts.comfort === 'premium',
    ),
  },
  {
    name: 'Off the beaten track',
    description: 'Remote valleys where you meet more horses than people.',
    when: (facts) => !facts.features.has('old-towns'),
  },
  {
    name: 'Riding with wild horses',
    description: 'Watch free-roaming herds from the saddle.',
    when: has('wild-horses'),
  },
  { name: 'Sunrise and sunset rides', description: 'The golden hours, on horseback.' },
  {
    name: 'Camping under the stars',
    description: 'Tents, campfires and the sound of grazing horses.',
    when: (facts) => facts.accommodation === 'tent' || facts.accommodation === 'camp-site',
  },
  {
    name: 'Solo traveller friendly',
    description: 'Small groups that welcome riders travelling alone.',
  },
];

export const SEASONS: { name: string; months: number[] }[] = [
  { name: 'Spring', months: [3, 4, 5] },
  { name: 'Summer', months: [6, 7, 8] },
  { name: 'Autumn', months: [9, 10, 11] },
  { name: 'Winter', months: [12, 1, 2] },
  { name: 'New Year holidays', months: [12, 1] },
];

export const WATER_OBJECTS: { name: string; kind: 'river' | 'lake' | 'sea' }[] = [
  { name: 'North Atlantic', kind: 'sea' },
  { name: 'Mediterranean Sea', kind: 'sea' },
  { name: 'Douro River', kind: 'river' },
  { name: 'Rhône River', kind: 'river' },
  { name: 'Norwegian Sea', kind: 'sea' },
  { name: 'Danube River', kind: 'river' },
  { name: 'Volga River', kind: 'river' },
  { name: 'Lake Baikal', kind: 'lake' },
  { name: 'Yangtze River', kind: 'river' },
  { name: 'Inle Lake', kind: 'lake' },
  { name: 'Irrawaddy River', kind: 'river' },
  { name: 'Okavango Delta', kind: 'river' },
  { name: 'Nile River', kind: 'river' },
  { name: 'Mississippi River', kind: 'river' },
  { name: 'Caribbean Sea', kind: 'sea' },
  { name: 'Amazon River', kind: 'river' },
  { name: 'Lake Titicaca', kind: 'lake' },
  { name: 'Coral Coast Sea', kind: 'sea' },
];

/** Cruise types (the `cruisesType` filter): 1 river, 2 sea, 3 lake. */
export const CRUISE_TYPE_BY_WATER_KIND = { river: 1, sea: 2, lake: 3 } as const;

export const SHIPS: { name: string; cabinsCapacity: number }[] = [
  { name: 'MS Silver Mare', cabinsCapacity: 2 },
  { name: 'River Stallion', cabinsCapacity: 3 },
  { name: 'Aurora Wanderer', cabinsCapacity: 4 },
  { name: 'Lady of the Lake', cabinsCapacity: 2 },
  { name: 'Northern Light', cabinsCapacity: 3 },
  { name: 'Saddle & Sail', cabinsCapacity: 4 },
  { name: 'Blue Pegasus', cabinsCapacity: 2 },
  { name: 'Delta Explorer', cabinsCapacity: 3 },
];

export const COMFORTS = ['base', 'base_plus', 'medium', 'improved', 'premium'] as const;
export const ACCOMMODATIONS = [
  'camp-site',
  'guest-house',
  'flat',
  'cabin',
  'hotel',
  'tent',
  'train',
  'not-set',
] as const;
/** Some tours get one of these (every choice the contract has). */
export { TOUR_EMOJIS as EMOJIS } from '@gallop/api/src/db/schema/tours.ts';
export const MIN_AGES = [0, 0, 6, 8, 10, 12, 12, 14, 16] as const;
