/** Word pools for tour names, descriptions, programmes, questions and reviews. */

export const TOUR_NAME_TEMPLATES = [
  'Across {region} on Horseback',
  '{region} Highland Trail Ride',
  'Wild Horses of {region}',
  '{country} Horse Trek: {region} and {showplace}',
  'Nomad Trails of {region}',
  '{showplace} Riding Expedition',
  'Ranch Week in {region}',
  'Coast and Mountains of {country} by Horse',
  'The Great {region} Ride',
  '{region} Valleys and Villages Ride',
  'Secret Trails of {showplace}',
  'Riding the Hidden {region}',
];

export const EXCURSION_NAME_TEMPLATES = [
  'Sunset Ride near {city}',
  'Half-Day Trail Ride from {city}',
  '{showplace} Morning Ride',
  'Beach Gallop near {city}',
  'Forest Ride and Picnic from {city}',
  'First Steps in the Saddle in {city}',
  '{city} Vineyard Ride and Tasting',
];

export const CRUISE_NAME_TEMPLATES = [
  '{water} Cruise with Riding Days',
  '{water}: {city} to {city2}',
  'Horses and Harbours of the {water}',
  '{water} Discovery Cruise',
];

export const DESCRIPTION_OPENINGS = [
  'Saddle up for an unforgettable journey through {region}, where wide horizons and quiet trails meet.',
  'This ride takes you deep into {region}, far from roads, on sure-footed horses bred for the terrain.',
  'Follow old shepherd paths across {region} and discover {country} the way travellers once did: at the pace of a horse.',
  'Join a small group of riders and an experienced local guide for days of riding through the landscapes of {region}.',
];

export const DESCRIPTION_MIDDLES = [
  'Each day brings a new landscape: alpine meadows, river crossings and ridges with views that reach the next country.',
  'Evenings are spent around the fire with home-cooked food, stories from the guides and a sky full of stars.',
  'The horses are well schooled, forward and calm; the guide matches each rider with a horse that suits their level.',
  'Luggage is carried by a support vehicle or pack horses, so you ride light and enjoy every hour in the saddle.',
  'You will canter on open ground where the terrain allows and walk carefully on steep or rocky sections.',
];

export const DESCRIPTION_CLOSINGS = [
  'Suitable for riders who are comfortable at walk, trot and canter in open country.',
  'Beginners are welcome: the first day includes a riding lesson and the pace stays relaxed.',
  'A fine choice for experienced riders looking for long days and real wilderness.',
  'Perfect for families and friends who want an active holiday together.',
];

export const INCLUDED = [
  'Horse and tack for every riding day',
  'English-speaking riding guide',
  'All meals during the ride',
  'Accommodation as described',
  'Transfers from and to the meeting point',
  'Luggage transport',
  'Riding helmet',
  'National park fees',
];

export const NOT_INCLUDED = [
  'Flights',
  'Travel insurance',
  'Alcoholic drinks',
  'Tips for guides and staff',
  'Single room supplement',
  'Riding boots and chaps',
];

export const PROGRAM_DAY_TITLES = [
  'Arrival and meeting the horses',
  'Into the valley',
  'Over the pass',
  'River crossings and wild meadows',
  'A day at the nomad camp',
  'Along the ridge',
  'Forest trails and a lakeside lunch',
  'Canters across the plain',
  'Rest day: explore on foot',
  'The long ride to the summer pastures',
  'Back to the ranch',
  'Farewell and departure',
];

export const PROGRAM_DAY_TEXTS = [
  'After breakfast we tack up and ride for about five hours with a picnic lunch on the way.',
  'A shorter day in the saddle leaves time to swim, read or help the wranglers with the horses.',
  'We climb steadily to a viewpoint, then descend through pine forest to our camp for the night.',
  'Today the landscape opens up and, where the ground is good, we enjoy long canters.',
];

export const FAQ = [
  [
    'What riding level do I need?',
    'You should be able to mount, walk, trot and canter in control. We assess every rider on the first day.',
  ],
  [
    'Is there a weight limit?',
    'For the horses’ welfare the limit is 95 kg (210 lb) including clothes.',
  ],
  [
    'What should I bring?',
    'Riding boots or sturdy shoes with a heel, half-chaps, layers for changing weather, sunscreen and a water bottle.',
  ],
  [
    'Can non-riders come along?',
    'Non-riding partners can join the support vehicle on most days; ask the organizer for a price.',
  ],
  ['Do you provide helmets?', 'Yes, helmets in all sizes are provided. You may bring your own.'],
  [
    'What happens if the date is not guaranteed?',
    'The ride goes ahead once the minimum group size is reached; otherwise you can move to another date or get a full refund.',
  ],
] as const;

export const FIRST_NAMES = [
  'Anna',
  'Lukas',
  'Sophie',
  'James',
  'Maria',
  'Oliver',
  'Elena',
  'Noah',
  'Chloé',
  'Mateo',
  'Ingrid',
  'Aiko',
  'Daniel',
  'Fatima',
  'Liam',
  'Olga',
  'Pedro',
  'Hannah',
  'Tomás',
  'Mia',
  'Erik',
  'Grace',
  'Nikolai',
  'Lucía',
  'Samuel',
  'Emma',
  'Bayar',
  'Zara',
  'Felix',
  'Isla',
];

export const LAST_NAMES = [
  'Keller',
  'Brennan',
  'Laurent',
  'García',
  'Rossi',
  'Johansson',
  'Novak',
  'Silva',
  'Walker',
  'Ivanova',
  'Tanaka',
  'Okafor',
  'Murphy',
  'Schmidt',
  'Fernández',
  'Dubois',
  'Petrov',
  'Anderson',
  'Batbayar',
  'Moreau',
  'Nielsen',
  'Costa',
  'Hughes',
  'Kowalski',
];

export const ORGANIZATION_SUFFIXES = [
  'Riding Adventures',
  'Horse Treks',
  'Equestrian Tours',
  'Trail Company',
  'Ranch and Rides',
  'Expeditions',
  'Horseback Holidays',
  'Saddle Club',
];

export const REVIEW_TEXTS = [
  'The horses were fantastic and perfectly matched to our level. Our guide knew every trail and every story of the valley.',
  'Well organised from the first email to the farewell dinner. The food at camp was a highlight.',
  'Long days in the saddle but worth every hour: the landscapes were breathtaking.',
  'A great mix of riding and culture. I would have loved one more canter day, but the pace suited the group.',
  'Our daughter (10) had the time of her life. Patient guides and calm ponies.',
  'Accommodation was simpler than expected, but the riding made up for it.',
  'Absolutely magical. Riding along the beach at sunset is something I will never forget.',
  'Good horses, good people. Weather was rough on two days and the team adapted the route well.',
];

export const ORGANIZER_ANSWERS = [
  'Thank you so much for riding with us! We hope to see you back in the saddle soon.',
  'Thank you for the honest feedback. We have upgraded the tents for next season.',
  'It was a pleasure to have you. The horses say hello!',
];
