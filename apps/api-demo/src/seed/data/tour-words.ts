/**
 * Word pools for tour names, descriptions, programmes and questions. Each text says where it
 * may be used (`when`): a name speaks only of what the region has, a day of the programme only
 * of the pace the ride keeps.
 */
import { all, has, hasAny, kindIs, level, type Template, type When } from '../text-facts.ts';
import type { RegionFeature } from './world.ts';

const longerThan =
  (days: number): When =>
  (facts) =>
    facts.duration > days;
const onTheCoast: When = (facts) => facts.coast;
const fromABeach: When = (facts) => facts.cityBeach;
const portToPort: When = (facts) => facts.portToPort;
const onWater =
  (...kinds: ('river' | 'lake' | 'sea')[]): When =>
  (facts) =>
    facts.water !== undefined && kinds.includes(facts.water.kind);

export const TOUR_NAMES: readonly Template[] = [
  { text: 'Across {region} on Horseback' },
  { text: '{country} Horse Trek: {region} and {showplace}' },
  { text: 'Secret Trails of {showplace}' },
  { text: 'Riding the Hidden {region}' },
  { text: '{showplace} Riding Expedition', when: longerThan(4) },
  { text: 'The Great {region} Ride', when: longerThan(6) },
  { text: '{region} Highland Trail Ride', when: hasAny('mountains', 'highlands') },
  { text: 'Coast and Mountains of {region} by Horse', when: all(onTheCoast, has('mountains')) },
  {
    text: '{region} Valleys and Villages Ride',
    when: all(has('villages'), hasAny('mountains', 'rivers')),
  },
  { text: 'Wild Horses of {region}', when: has('wild-horses') },
  { text: 'Nomad Trails of {region}', when: has('nomads') },
  { text: 'Summer Pastures of {region}', when: hasAny('nomads', 'horse-herders') },
  { text: '{region} Steppe Crossing', when: all(has('steppe'), longerThan(4)) },
  { text: 'Ranch Week in {region}', when: all(has('ranches'), (facts) => facts.duration === 7) },
  { text: 'Ranch Life in {region}', when: has('ranches') },
  { text: 'Desert Trails to {showplace}', when: has('desert') },
  { text: 'Beaches and Hills of {region}', when: all(has('beaches'), onTheCoast) },
  { text: 'Vineyard Trails of {region}', when: has('vineyards') },
  { text: 'Safari on Horseback in {region}', when: has('wildlife') },
  { text: 'Lakes and Forests of {region}', when: has('lakes', 'forest') },
  { text: 'Fire and Ice: {region} on Horseback', when: has('volcanoes', 'glaciers') },
  { text: 'Castles and Trails of {region}', when: has('castles') },
  { text: 'Canyon Country of {region}', when: has('canyons') },
  { text: 'Fjords and Beaches of {region}', when: has('fjords', 'beaches') },
  { text: '{region} Wetlands in the Saddle', when: has('wetlands') },
  { text: 'Old Towns and Country Trails of {region}', when: has('old-towns') },
];

export const EXCURSION_NAMES: readonly Template[] = [
  { text: 'Sunset Ride near {city}' },
  { text: 'Half-Day Trail Ride from {city}' },
  { text: '{showplace} Morning Ride' },
  { text: 'Beach Gallop near {city}', when: all(fromABeach, level(4)) },
  { text: 'Beach Canter at {city}', when: all(fromABeach, level(3)) },
  { text: 'Beach Ride at {city}', when: all(fromABeach, level(1, 2)) },
  { text: 'First Steps in the Saddle in {city}', when: level(1, 1) },
  { text: 'Forest Ride and Picnic from {city}', when: has('forest') },
  { text: '{city} Vineyard Ride and Tasting', when: has('vineyards') },
  { text: 'Desert Sunset Ride from {city}', when: has('desert') },
  { text: 'Lakeside Ride from {city}', when: has('lakes') },
  { text: 'Wildlife Ride near {city}', when: has('wildlife') },
];

export const CRUISE_NAMES: readonly Template[] = [
  { text: '{water} Cruise with Riding Days' },
  { text: '{water} Discovery Cruise' },
  { text: '{water}: {city} to {city2}', when: portToPort },
  { text: 'Horses and Harbours of the {water}', when: all(onWater('sea'), onTheCoast) },
  { text: 'Along the {water} with Horses', when: onWater('river') },
];

/** How each feature reads in a list of what the ride passes. */
export const SCENERY: Record<RegionFeature, readonly string[]> = {
  beaches: ['long empty beaches', 'wide sands at low tide'],
  canyons: ['deep canyons', 'narrow gorges'],
  castles: ['old castles', 'hilltop fortresses'],
  desert: ['open desert', 'dunes and stony plains'],
  fjords: ['fjord shores', 'steep fjords'],
  forest: ['quiet forest trails', 'old woodland'],
  glaciers: ['glacier tongues', 'the edge of the ice cap'],
  highlands: ['high moorland', 'open upland'],
  'horse-herders': ['the summer pastures of horse herders', 'herders’ camps'],
  'hot-springs': ['hot springs', 'steaming pools'],
  lakes: ['lake shores', 'clear mountain lakes'],
  mountains: ['mountain passes', 'ridges with views over the next valley'],
  nomads: ['nomad camps', 'the gers of herding families'],
  'old-towns': ['old towns', 'historic squares'],
  ranches: ['working ranches', 'cattle country'],
  rivers: ['river crossings', 'wide river valleys'],
  steppe: ['open steppe', 'grassland that rolls to the horizon'],
  villages: ['small villages', 'farm lanes between villages'],
  vineyards: ['vineyards', 'wine estates'],
  volcanoes: ['old lava fields', 'volcanic craters'],
  waterfalls: ['waterfalls', 'falls hidden in side valleys'],
  wetlands: ['wetlands', 'reed-lined channels'],
  'wild-horses': ['free-roaming horse herds', 'wild horses grazing'],
  wildlife: ['game country', 'plains full of wildlife'],
};

export const DESCRIPTION_OPENINGS: readonly Template[] = [
  { text: 'Saddle up for a journey through {region}, far from busy roads.' },
  { text: 'This ride takes you into the heart of {region} on horses bred for its trails.' },
  {
    text: 'Discover {region} the way travellers once did: at the pace of a horse, with a local guide who knows every trail.',
  },
  {
    text: 'Join a small group of riders and an experienced local guide for {days} in the saddle in {region}.',
    when: kindIs('tour'),
  },
  { text: 'A ride from {city} into the countryside of {region}.', when: kindIs('excursion') },
  {
    text: 'A cruise on the {water} with days ashore on horseback in {region}.',
    when: kindIs('cruise'),
  },
];

export const DESCRIPTION_DETAILS: readonly Template[] = [
  {
    text: 'The horses are well schooled, forward and calm; the guide matches each rider with a horse that suits them.',
  },
  {
    text: 'Luggage travels by support vehicle or pack horse, so you ride light and enjoy every hour in the saddle.',
    when: all(kindIs('tour'), longerThan(2)),
  },
  {
    text: 'Evenings are spent around the campfire with home-cooked food, stories from the guides and a sky full of stars.',
    when: (facts) => facts.accommodation === 'tent' || facts.accommodation === 'camp-site',
  },
  {
    text: 'Nights are spent in family-run guest houses, with dinner made from what the farm and the valley produce.',
    when: (facts) => facts.accommodation === 'guest-house',
  },
  {
    text: 'After the ride, a comfortable hotel, a hot shower and a good dinner wait at the end of each day.',
    when: (facts) => facts.accommodation === 'hotel',
  },
  {
    text: 'You sleep in simple wooden cabins, with a stove for the cool evenings.',
    when: (facts) => facts.accommodation === 'cabin' && facts.kind !== 'cruise',
  },
  {
    text: 'On board, cabins with a window, a lounge with a view of the banks and meals cooked on the ship.',
    when: kindIs('cruise'),
  },
  {
    text: 'Helmets in every size are provided, and the group never has more riders than the guides can look after.',
  },
];

/** A programme day's title and what happens, before the pace of the day is added. */
export interface DayTemplate extends Template {
  description: string;
  /** A day off riding (one at most per programme). */
  rest?: boolean;
  /** Little or no riding, so no pace sentence follows (arrival, departure, days off). */
  short?: boolean;
}

export const FIRST_DAY: DayTemplate = {
  text: 'Arrival and meeting the horses',
  description:
    'Meet the guides at {city}, settle in and meet your horse for a short first ride to check the tack.',
  short: true,
};

export const LAST_DAY: DayTemplate = {
  text: 'Farewell and departure',
  description: 'A last morning ride if time allows, then goodbyes and transfers back to {city}.',
  short: true,
};

/** The programme of a one-day ride. */
export const ONE_DAY: DayTemplate = {
  text: 'The ride',
  description: 'Meet at the stables near {city}, get fitted with a helmet and meet your horse.',
};

export const MIDDLE_DAYS: readonly DayTemplate[] = [
  {
    text: 'A loop through the hills',
    description: 'A round trip from the base through the surrounding country.',
  },
  {
    text: 'On to {showplace}',
    description: 'We ride towards {showplace} and spend the afternoon exploring it.',
  },
  {
    text: 'Deeper into {region}',
    description: 'The trail leaves the last farms behind for the wildest part of the route.',
  },
  {
    text: 'A day of open country',
    description: 'Wide views all day and barely a fence to open.',
    when: hasAny('steppe', 'desert', 'highlands', 'wildlife', 'ranches'),
  },
  {
    text: 'Morning ride, afternoon at leisure',
    description: 'We ride in the cool of the morning and have the afternoon to ourselves.',
    when: level(1, 2),
  },
  {
    text: 'Rest day: explore on foot',
    description: 'No riding today: rest, walk, read, or help the wranglers look after the horses.',
    rest: true,
    short: true,
  },
  {
    text: 'Into the valley',
    description: 'We ride down into the valley and follow it to the night’s stop.',
    when: hasAny('mountains', 'highlands', 'rivers'),
  },
  {
    text: 'Over the pass',
    description: 'We climb steadily to the pass and walk the horses down the far side to camp.',
    when: has('mountains'),
  },
  {
    text: 'Along the ridge',
    description: 'A day on the ridge line, with views far across the country.',
    when: hasAny('mountains', 'highlands'),
  },
  {
    text: 'River crossings and wild meadows',
    description: 'The trail fords the river several times and crosses meadows full of flowers.',
    when: has('rivers'),
  },
  {
    text: 'A day at the nomad camp',
    description: 'We stay with a herding family, help with the animals and taste their cooking.',
    when: has('nomads'),
  },
  {
    text: 'The long ride to the summer pastures',
    description: 'We follow the herders’ route up to the high summer grazing.',
    when: all(hasAny('nomads', 'horse-herders'), level(2)),
  },
  {
    text: 'Forest trails and a lakeside lunch',
    description: 'Shady forest tracks lead to a lake, where we stop for lunch and a swim.',
    when: has('forest', 'lakes'),
  },
  {
    text: 'Canters across the plain',
    description: 'The country opens up into a wide plain, the best ground of the ride.',
    when: all(hasAny('steppe', 'desert', 'wildlife', 'ranches'), level(3)),
  },
  {
    text: 'Working cattle with the ranch hands',
    description: 'A day with the ranch crew, moving cattle between pastures.',
    when: all(has('ranches'), level(2)),
  },
  {
    text: 'Back to the ranch',
    description: 'The trail loops back to the ranch, where the horses roll in the paddock.',
    when: has('ranches'),
  },
  {
    text: 'Along the beach',
    description: 'We ride the length of the beach and back over the dunes.',
    when: all(has('beaches'), onTheCoast),
  },
  {
    text: 'Into the dunes',
    description: 'Sand tracks lead into the dunes, where we stop in the shade for lunch.',
    when: has('desert'),
  },
  {
    text: 'Game viewing from the saddle',
    description: 'Horses let us ride close to grazing animals that would flee a vehicle.',
    when: has('wildlife'),
  },
  {
    text: 'Through the vineyards, with a tasting',
    description: 'We ride between the vines to a wine estate for a tasting and lunch.',
    when: has('vineyards'),
  },
  {
    text: 'Village to village',
    description: 'Farm lanes link the villages, with a stop for coffee in each.',
    when: has('villages'),
  },
  {
    text: 'Lava fields and hot springs',
    description: 'We cross old lava fields to a hot spring for a soak after the ride.',
    when: has('volcanoes', 'hot-springs'),
  },
  {
    text: 'To the edge of the glacier',
    description: 'The trail climbs to a viewpoint over the glacier.',
    when: has('glaciers'),
  },
  {
    text: 'By the waterfalls',
    description: 'A day of falls, each one hidden at the head of a side valley.',
    when: has('waterfalls'),
  },
  {
    text: 'Along the lake shore',
    description: 'We follow the shore of the lake, with a picnic lunch on the beach.',
    when: has('lakes'),
  },
  {
    text: 'Through the canyon',
    description: 'The trail drops into the canyon and follows its floor between high walls.',
    when: has('canyons'),
  },
  {
    text: 'In search of the wild herds',
    description: 'We ride quietly into the hills where the free-roaming horses graze.',
    when: has('wild-horses'),
  },
  {
    text: 'A castle on the way',
    description: 'The route passes a castle, and we stop for a guided visit.',
    when: has('castles'),
  },
  {
    text: 'Into the old town',
    description: 'A shorter ride into town for an afternoon in its old streets.',
    when: has('old-towns'),
  },
  {
    text: 'Among the fjords',
    description: 'Trails along the fjord, with the water always in view below.',
    when: has('fjords'),
  },
  {
    text: 'Channels and reed beds',
    description: 'We splash through shallow channels and ride the dry islands between them.',
    when: has('wetlands'),
  },
  {
    text: 'The longest day in the saddle',
    description: 'The longest stage of the ride, crossing the most remote part of the route.',
    when: level(3),
  },
  {
    text: 'A gentle day at a walk',
    description: 'A short, easy stage for the horses and the riders alike.',
    when: level(1, 2),
  },
  {
    text: 'A day ashore on horseback',
    description: 'The ship moors for the day, and the horses wait for us on the bank.',
    when: kindIs('cruise'),
  },
  {
    text: 'A day on the water',
    description: 'A day of sailing with time to rest, read and watch the banks go by.',
    when: kindIs('cruise'),
    rest: true,
    short: true,
  },
];

/** What a tour's answers speak of beyond its texts: its own riding requirements. */
export interface TourAnswerFacts {
  /** The riding level's answer (from the pace). */
  levelAnswer: string;
  /** The standard horses' limit, written in both units ("95 kg (209 lb)"). */
  standardLimit: string;
  /** The heavier horses' limit, when the tour keeps some. */
  heavyLimit: string | undefined;
  nonRidersWelcome: boolean;
}

/**
 * Questions of a tour page. An answer that speaks of the tour's requirements is written from
 * them: a fixed "95 kg" or "non-riders can join" contradicted the riding section of most tours.
 */
export const QUESTIONS: readonly (readonly [
  question: string,
  answer: string | ((facts: TourAnswerFacts) => string),
])[] = [
  ['What riding level do I need?', (facts) => facts.levelAnswer],
  [
    'Is there a weight limit?',
    ({ standardLimit, heavyLimit }) =>
      heavyLimit === undefined
        ? `For the horses’ welfare the limit is ${standardLimit} including clothes, and there are no heavier horses on this ride.`
        : `For the horses’ welfare our standard horses carry riders up to ${standardLimit} including clothes; a few heavier horses carry riders up to ${heavyLimit}. The booking form tells you whether one is left on your date.`,
  ],
  [
    'What should I bring?',
    'Riding boots or sturdy shoes with a heel, half-chaps, layers for changing weather, sunscreen and a water bottle.',
  ],
  [
    'Can non-riders come along?',
    ({ nonRidersWelcome }) =>
      nonRidersWelcome
        ? 'Yes: partners who do not ride are welcome and meet the group at every stop; their price is shown with each date.'
        : 'No: everyone in the group rides every day, so companions who do not ride cannot come along.',
  ],
  ['Do you provide helmets?', 'Yes, helmets in all sizes are provided. You may bring your own.'],
  [
    'What happens if the date is not guaranteed?',
    'The ride goes ahead once the minimum group size is reached; otherwise you can move to another date or get a full refund.',
  ],
];
