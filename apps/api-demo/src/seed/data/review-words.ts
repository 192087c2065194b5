/**
 * Sentences reviews are composed from. A review takes one to six of them, by its rating's tone
 * and the tour's facts, and names the rider's horse and the guide, so reviews differ as real
 * ones do. Placeholders: {horse}, {guide}, {region}, {showplace}, {scenery}, {month},
 * {companion}, {child}, {age}, {pronoun}, {trait}, {trait2}, {coat}, {ordinal}, {decade}.
 */
import { all, has, hasAny, kindIs, level, type Template, type When } from '../text-facts.ts';

export type Tone = 'positive' | 'mixed' | 'negative';

export const toneOf = (rating: number): Tone =>
  rating >= 4 ? 'positive' : rating === 3 ? 'mixed' : 'negative';

const stayIn =
  (...accommodations: string[]): When =>
  (facts) =>
    accommodations.includes(facts.accommodation) && facts.kind !== 'cruise';
const onTheCoast: When = (facts) => facts.coast;
const longerThan =
  (days: number): When =>
  (facts) =>
    facts.duration > days;
const families: When = (facts) => facts.pace.difficulty <= 2 && facts.minAge <= 12;

export type Slot =
  'opening' | 'horse' | 'guide' | 'scenery' | 'stay' | 'pace' | 'company' | 'closing';

/** The order sentences come in; a review uses some of these slots. */
export const SLOTS: readonly Slot[] = [
  'opening',
  'horse',
  'guide',
  'scenery',
  'stay',
  'pace',
  'company',
  'closing',
];

export const SENTENCES: Record<Slot, Record<Tone, readonly Template[]>> = {
  opening: {
    positive: [
      { text: 'Absolutely magical.' },
      { text: 'Best holiday I have had in years.' },
      { text: 'Worth every penny.' },
      { text: 'What a ride!' },
      { text: 'I am still smiling.' },
      { text: 'Better than I dared hope.' },
      { text: 'My {ordinal} riding holiday and easily the best.' },
      { text: 'I booked this for my {decade}th birthday and it did not disappoint.' },
      { text: 'We rode in {month} and had {weather}.' },
      {
        text: 'From the first email to the farewell dinner, everything was well organised.',
        when: longerThan(1),
      },
    ],
    mixed: [
      { text: 'A good trip with a few rough edges.' },
      { text: 'Mixed feelings.' },
      { text: 'Some great moments, some less so.' },
      { text: 'We rode in {month}; the riding was good, the rest was uneven.' },
    ],
    negative: [
      { text: 'Disappointing.' },
      { text: 'Not what was described.' },
      { text: 'I wanted to love this ride, but it fell short.' },
      { text: 'We rode in {month} and I would not book it again.' },
    ],
  },
  horse: {
    positive: [
      { text: 'My horse, {horse}, was {trait} and {trait2}.' },
      { text: '{horse} looked after me on every descent.' },
      { text: 'The horses were fit, well shod and clearly well loved.' },
      { text: 'I was matched with {horse}, a {coat} with a lovely soft mouth.' },
      {
        text: 'By the second day {horse} and I understood each other perfectly.',
        when: longerThan(1),
      },
      { text: '{horse} was the steadiest horse I have ever ridden.' },
    ],
    mixed: [
      { text: 'My horse, {horse}, was a bit lazy and needed a lot of leg.' },
      { text: 'Most of the horses were lovely; mine, {horse}, spooked at every plastic bag.' },
    ],
    negative: [
      { text: 'Several horses looked tired by the third day.', when: longerThan(2) },
      { text: 'My horse, {horse}, was sour, and nobody offered to swap.' },
      { text: 'The tack was worn and my saddle rubbed.' },
    ],
  },
  guide: {
    positive: [
      { text: '{guide} knew every trail and every story of {region}.' },
      { text: 'Our guide {guide} was patient with the nervous riders and fun with the rest.' },
      { text: '{guide} kept the group together and safe without ever fussing.' },
      { text: 'Huge thanks to {guide}, who made everyone feel at home.' },
      { text: '{guide} read the weather and the horses better than any guide I have ridden with.' },
    ],
    mixed: [
      { text: '{guide} was friendly, but the safety briefings were short.' },
      { text: 'Our guide {guide} rode beautifully but did not say much.' },
    ],
    negative: [
      { text: 'The guide rarely looked back to check on the group.' },
      { text: 'Safety briefings were rushed, and nobody checked our girths.' },
    ],
  },
  scenery: {
    positive: [
      { text: 'Riding past {scenery} is something I will never forget.' },
      { text: 'The day at {showplace} was the highlight for me.' },
      { text: 'The views over {scenery} were breathtaking.' },
      {
        text: 'Riding along the beach at sunset is something I will never forget.',
        when: all(has('beaches'), onTheCoast),
      },
      {
        text: 'We saw more wildlife from the saddle than from any safari vehicle.',
        when: has('wildlife'),
      },
      {
        text: 'Drinking tea with a herding family in their ger was an experience I will treasure.',
        when: has('nomads'),
      },
      {
        text: 'The tasting at the wine estate was a lovely end to the day.',
        when: has('vineyards'),
      },
      {
        text: 'Crossing the lava fields felt like riding on another planet.',
        when: has('volcanoes'),
      },
      {
        text: 'We watched a herd of wild horses for half an hour from the saddle.',
        when: has('wild-horses'),
      },
      {
        text: 'Working the cattle with the ranch hands was the best day.',
        when: all(has('ranches'), level(2)),
      },
      {
        text: 'Watching the banks go by from the deck between riding days was lovely.',
        when: kindIs('cruise'),
      },
    ],
    mixed: [
      { text: 'The scenery around {showplace} was stunning, though the weather hid much of it.' },
      {
        text: 'Beautiful country, but two days were spent mostly on gravel tracks.',
        when: longerThan(2),
      },
    ],
    negative: [
      { text: 'Too much of the route was on roads.' },
      { text: 'We saw little of {showplace}: the route had been changed without telling us.' },
    ],
  },
  stay: {
    positive: [
      { text: 'Food and lodging were good throughout.' },
      {
        text: 'The tents were warm and the camp food was a highlight.',
        when: stayIn('tent', 'camp-site'),
      },
      {
        text: 'Nights under canvas with the horses grazing nearby were magical.',
        when: stayIn('tent', 'camp-site'),
      },
      {
        text: 'The guest houses were simple, spotless and welcoming.',
        when: stayIn('guest-house'),
      },
      { text: 'Our hosts cooked the best food of the trip.', when: stayIn('guest-house', 'flat') },
      { text: 'The hotels were comfortable and the dinners generous.', when: stayIn('hotel') },
      { text: 'The cabins were cosy, with a stove for the cool evenings.', when: stayIn('cabin') },
      {
        text: 'Our cabin on board was small but spotless, and the food on the ship was excellent.',
        when: kindIs('cruise'),
      },
    ],
    mixed: [
      { text: 'Accommodation was simpler than expected, but the riding made up for it.' },
      { text: 'The food was fine, if a little repetitive.' },
    ],
    negative: [
      { text: 'The rooms were not as shown in the photos.' },
      { text: 'Meals were small for people riding all day.' },
    ],
  },
  pace: {
    positive: [
      { text: 'The pace was perfect for a beginner like me.', when: level(1, 1) },
      { text: 'I had never ridden before and felt safe from the first hour.', when: level(1, 1) },
      { text: 'Lots of walking, which suited our group perfectly.', when: level(1, 1) },
      { text: 'A good mix of walk and trot, with a few short canters.', when: level(2, 2) },
      { text: 'Just the right pace for a rusty rider like me.', when: level(2, 2) },
      { text: 'Plenty of long canters for those of us who wanted them.', when: level(3, 3) },
      {
        text: 'Long days, long canters and a fit, forward horse: exactly what I was after.',
        when: all(level(3, 3), longerThan(1)),
      },
      {
        text: 'Fast, long days and gallops I will remember for years.',
        when: all(level(4), longerThan(1)),
      },
      { text: 'Not for the faint-hearted, and all the better for it.', when: level(4) },
    ],
    mixed: [
      {
        text: 'Experienced riders may find it slow: it is walking nearly all the time.',
        when: level(1, 1),
      },
      {
        text: 'I would have loved one more canter, but the pace suited the group.',
        when: level(2, 2),
      },
      {
        text: 'Long days: make sure you are riding fit before you go.',
        when: all(level(3), longerThan(1)),
      },
      { text: 'The pace is relentless, and two riders in our group struggled.', when: level(4) },
    ],
    negative: [
      { text: 'We spent more time waiting around than riding.' },
      { text: 'The group was bigger than advertised, which slowed everything down.' },
    ],
  },
  company: {
    positive: [
      { text: 'I travelled with {companion}, and we both loved it.' },
      { text: 'Our {child} ({age}) had the time of {pronoun} life.', when: families },
      { text: 'Great group, and a great way to travel solo.' },
    ],
    mixed: [{ text: 'I travelled with {companion}; one of us enjoyed it more than the other.' }],
    negative: [{ text: 'I travelled with {companion}, and neither of us would go back.' }],
  },
  closing: {
    positive: [
      { text: 'Highly recommended.' },
      { text: 'I will be back.' },
      { text: 'Already saving for the next one.' },
      { text: 'Thank you, {guide}!' },
      { text: 'Book it.' },
    ],
    mixed: [
      { text: 'Good, not great.' },
      { text: 'I would recommend it with those caveats.' },
      { text: 'Three stars feels fair.' },
    ],
    negative: [
      { text: 'I cannot recommend it as it stands.' },
      { text: 'Disappointing for the price.' },
      { text: 'I hope the organizer takes this feedback on board.' },
    ],
  },
};

/** Words a few sentences choose from, so the same sentence reads differently. */
export const FILLERS = {
  trait: ['sure-footed', 'forward', 'calm', 'willing', 'sensible', 'responsive', 'brave', 'kind'],
  coat: [
    'bay mare',
    'chestnut gelding',
    'grey mare',
    'dun gelding',
    'black mare',
    'skewbald gelding',
    'palomino mare',
    'bay gelding',
  ],
  weather: [
    'blue skies every day',
    'a mix of sun and showers',
    'crisp mornings and warm afternoons',
    'sunshine after a stormy start',
  ],
  companion: [
    'my sister',
    'my partner',
    'two friends',
    'my husband',
    'my wife',
    'my mum',
    'friends from my riding club',
    'my brother',
  ],
  ordinal: ['second', 'third', 'fourth', 'fifth'],
  decade: ['30', '40', '50', '60'],
} as const;

export const HORSE_NAMES = [
  'Bella',
  'Comet',
  'Duke',
  'Ember',
  'Flint',
  'Ginger',
  'Hazel',
  'Jasper',
  'Kestrel',
  'Luna',
  'Maple',
  'Nugget',
  'Oakley',
  'Pepper',
  'Quill',
  'Rosie',
  'Sable',
  'Thunder',
  'Umber',
  'Violet',
  'Willow',
  'Xena',
  'Yarrow',
  'Zephyr',
  'Biscuit',
  'Chico',
  'Dusty',
  'Fable',
  'Gulliver',
  'Indigo',
  'Juniper',
  'Lark',
  'Mocha',
  'Nimbus',
  'Pablo',
  'Rowan',
  'Saffron',
  'Tango',
  'Whisper',
  'Ziggy',
] as const;

/** Guides' first names by country (ISO code), so a guide in Mongolia has a Mongolian name. */
export const GUIDE_NAMES: Record<string, readonly string[]> = {
  IS: ['Gunnar', 'Sigrún', 'Einar', 'Hildur'],
  IE: ['Ciarán', 'Aoife', 'Declan', 'Siobhán'],
  GB: ['Fiona', 'Hamish', 'Rosie', 'Tom'],
  ES: ['Javier', 'Lucía', 'Pilar', 'Rafael'],
  PT: ['João', 'Inês', 'Miguel', 'Rita'],
  FR: ['Camille', 'Julien', 'Margaux', 'Pierre'],
  IT: ['Giulia', 'Marco', 'Francesca', 'Luca'],
  NO: ['Ingrid', 'Lars', 'Sigrid', 'Ole'],
  HU: ['Bence', 'Zsófia', 'Gábor', 'Réka'],
  GE: ['Giorgi', 'Nino', 'Levan', 'Tamar'],
  RU: ['Alexei', 'Olga', 'Dmitry', 'Svetlana'],
  MN: ['Bat-Erdene', 'Saraa', 'Tömör', 'Enkhjargal'],
  KZ: ['Nurlan', 'Aigerim', 'Yerlan', 'Dana'],
  KG: ['Azamat', 'Aizada', 'Bakyt', 'Nurgul'],
  CN: ['Wei', 'Li Na', 'Bao', 'Mei'],
  IN: ['Arjun', 'Priya', 'Vikram', 'Meera'],
  TR: ['Mehmet', 'Elif', 'Emre', 'Zeynep'],
  JO: ['Omar', 'Rania', 'Khalid', 'Salma'],
  MM: ['Aung', 'Thandar', 'Kyaw', 'Su'],
  MA: ['Youssef', 'Fatima', 'Hassan', 'Amina'],
  ZA: ['Pieter', 'Thandi', 'Sipho', 'Anke'],
  KE: ['Joseph', 'Wanjiru', 'Daniel', 'Achieng'],
  BW: ['Kagiso', 'Neo', 'Tebogo', 'Boitumelo'],
  NA: ['Tjiuai', 'Anna', 'Johannes', 'Selma'],
  LR: ['Samuel', 'Comfort', 'Moses', 'Patience'],
  EG: ['Ahmed', 'Mona', 'Karim', 'Yasmin'],
  US: ['Cody', 'Jess', 'Wyatt', 'Kate'],
  CA: ['Logan', 'Megan', 'Cole', 'Avery'],
  MX: ['Alejandro', 'Guadalupe', 'Ramón', 'Sofía'],
  CR: ['Esteban', 'Mariela', 'Andrés', 'Daniela'],
  AR: ['Facundo', 'Florencia', 'Martín', 'Valentina'],
  CL: ['Matías', 'Camila', 'Cristóbal', 'Javiera'],
  PE: ['Wilber', 'Rosa', 'Edwin', 'Yaneth'],
  BR: ['João Paulo', 'Ana', 'Thiago', 'Luana'],
  UY: ['Nicolás', 'Lucía', 'Santiago', 'Agustina'],
  AU: ['Jack', 'Sophie', 'Liam', 'Chloe'],
  NZ: ['Hemi', 'Aroha', 'Sam', 'Kate'],
  FJ: ['Josefa', 'Mere', 'Ratu', 'Losana'],
};

/** What an organizer answers: thanks, and for a critical review what has changed since. */
export const ANSWERS: Record<Tone, readonly string[]> = {
  positive: [
    'Thank you, {author}! {horse} sends a nuzzle.',
    'Thank you so much for riding with us, {author}. We hope to see you back in the saddle soon.',
    'It was a pleasure to have you, {author}. {guide} says hello!',
    'Thank you for the kind words, {author}. We have passed them on to {guide} and the team.',
  ],
  mixed: [
    'Thank you for the honest feedback, {author}. {fix}',
    'Thanks for riding with us, {author}, and for telling us what to improve. {fix}',
  ],
  negative: [
    'We are sorry the trip fell short, {author}. {fix}',
    'Thank you for taking the time to write, {author}. {fix}',
  ],
};

export const FIXES: readonly Template[] = [
  { text: 'We have added a second guide for groups of more than six riders.' },
  { text: 'We now send the kit list and the meeting point a month ahead.' },
  { text: 'Every saddle has been refitted since your ride.' },
  { text: 'We have moved two stages of the route off the roads.' },
  { text: 'We have replaced the tents for next season.', when: stayIn('tent', 'camp-site') },
  { text: 'The guest houses on the route have been changed.', when: hasAny('villages') },
];
