/**
 * People's names and what a tour includes. Names, descriptions, programmes and questions come
 * from `tour-words.ts`, reviews from `review-words.ts`.
 */

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
