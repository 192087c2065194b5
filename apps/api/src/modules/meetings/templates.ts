/**
 * Starting points for the organizer's meeting text (spec: the text area is prefilled from the
 * first template; choosing one replaces the text). Written for riding tours, with the tour's
 * own first day filled in.
 */
export interface MeetTemplateContext {
  tourName: string;
  /** The first day, e.g. `Saturday, 14 March 2026`. */
  firstDay: string;
}

export function meetTemplates({ tourName, firstDay }: MeetTemplateContext) {
  return [
    {
      name: 'Meeting at the stables',
      template: [
        `Welcome to "${tourName}"!`,
        '',
        `We meet on ${firstDay} at 10:00 at our stables. Look for the green gate with the Gallop flag; our guide will wait for you in the yard.`,
        'Address and map pin: [address, link to the map]',
        '',
        'Parking is free next to the arena. Please arrive 15 minutes early: we fit helmets and match each rider with a horse before the safety briefing.',
        '',
        'Guide on duty (phone / WhatsApp): [name, phone]',
      ].join('\n'),
    },
    {
      name: 'Airport pickup',
      template: [
        `Our driver meets you at the airport on ${firstDay}.`,
        '',
        'After customs, go to the arrivals hall exit: the driver holds a sign with your name and the Gallop logo. Pickups run from 09:00 to 13:00, matched to the flights you gave us; tell us at once if your flight changes.',
        '',
        'The transfer to the ranch takes about [1 h 30 min]. If you cannot find the driver, call [phone].',
      ].join('\n'),
    },
    {
      name: 'Train station pickup',
      template: [
        `We pick you up at the station on ${firstDay}.`,
        '',
        'Leave the platform through the main hall and wait at the front entrance, by the taxi rank. Our minibus is white with the ranch name on the side.',
        '',
        'Pickup times follow your train; the last pickup is at [16:00]. Driver: [name, phone].',
      ].join('\n'),
    },
    {
      name: 'What to bring',
      template: [
        'What to bring for the ride:',
        '- long trousers without inner seams (riding breeches or stretch jeans)',
        '- boots with a small heel (no trainers; half chaps if you have them)',
        '- a waterproof jacket and a warm layer: mornings are cold',
        '- sunscreen, sunglasses with a strap, a refillable water bottle',
        '- a small backpack (max 5 kg) for the saddle bags; main luggage goes by car',
        '',
        'We provide helmets in every size, saddle bags and rain ponchos. Riding gloves are welcome.',
      ].join('\n'),
    },
  ];
}

/** A gap of a template for the organizer to fill in: `[address, link to the map]`. */
const PLACEHOLDER = /\[[^[\]\n]+\]/g;

/** The templates' gaps, each once, in the order they come (they do not depend on the tour). */
const TEMPLATE_PLACEHOLDERS = [
  ...new Set(
    meetTemplates({ tourName: '', firstDay: '' }).flatMap(
      ({ template }) => template.match(PLACEHOLDER) ?? [],
    ),
  ),
];

/**
 * The templates' gaps still in `text`: details sent with them would tell riders
 * "Address and map pin: [address, link to the map]". Other brackets are the organizer's own.
 */
export function placeholdersLeft(text: string): string[] {
  return TEMPLATE_PLACEHOLDERS.filter((placeholder) => text.includes(placeholder));
}

/** What the page and the API say while gaps are left (the same words on both). */
export function placeholdersLeftMessage(left: readonly string[]): string {
  const list =
    left.length === 1 ? left[0] : `${left.slice(0, -1).join(', ')} and ${left[left.length - 1]}`;
  return `Replace ${list} with your own details before saving.`;
}
