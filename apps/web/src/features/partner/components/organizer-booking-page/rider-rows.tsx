import { Fragment, type ReactNode } from 'react';
import { ageOn } from '@gallop/rider-fit';
import { formatPhone } from '@gallop/ui-kit';
import type { OrganizerBooking } from '../../api';
import { BookedRiderFit, RiderHours, RiderLevel, RiderTack, RiderWeight } from '../rider-facts';

/** The riders' facts after the name, in order: the table's column headers, the cards' terms. */
const COLUMNS = [
  'Rides',
  'Age',
  'Level',
  'Usual tack',
  'Hours a day',
  'Weight',
  'Fit for this tour',
  'Food restriction',
  'E-mail',
  'Phone',
] as const;

/** The table's column headers, the name's first. */
export const RIDER_COLUMNS = ['Name', ...COLUMNS] as const;

interface RiderFact {
  /** Its column's header, the card's term. */
  label: string;
  value: ReactNode;
  /** The table's columns it takes: a companion's "No horse" stands for the five riding ones. */
  columns: number;
  /** A card gives it the full width: the fit's reason, the companion's "No horse", an e-mail. */
  wide: boolean;
  /**
   * How its table cell wraps: free text (food, an e-mail) may break inside a word rather than
   * widen the table past its area, an e-mail keeping room for its domain on a line; a phone
   * number never breaks between its groups.
   */
  wrap?: 'text' | 'email' | 'never';
}

/** One booked traveller as both layouts show them: the table's row, the narrow screen's card. */
export interface RiderRow {
  key: string | number;
  name: string;
  facts: RiderFact[];
}

const NOT_GIVEN = 'Not given';

/**
 * An e-mail address that a narrow cell wraps where it reads best: before its "@", and if the
 * name before it is still too long at its dots (a `<wbr>`, no character added); the domain stays
 * whole. A long address is shown whole on two or three lines instead of widening the table.
 */
function BreakableEmail({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  const name = at > 0 ? email.slice(0, at) : email;
  const parts = [...name.split(/(?=\.)/), ...(at > 0 ? [email.slice(at)] : [])];
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}

/**
 * Every traveller of `booking` with what the organizer needs of them, computed once for the
 * table and the cards. A companion who comes along without riding takes no horse (decision 118):
 * "No horse", once, instead of level, tack, hours, weight and fit.
 */
export function riderRows(booking: OrganizerBooking): RiderRow[] {
  const firstDay = booking.start ?? booking.created_at;
  return booking.tourists.map((rider, index) => {
    const fact = (
      label: (typeof COLUMNS)[number] | 'Horse',
      value: ReactNode,
      {
        columns = 1,
        wide = false,
        wrap,
      }: { columns?: number; wide?: boolean; wrap?: RiderFact['wrap'] } = {},
    ): RiderFact => ({ label, value, columns, wide, ...(wrap ? { wrap } : {}) });
    const riding: RiderFact[] =
      rider.rides === false
        ? [fact('Horse', 'No horse', { columns: 5, wide: true })]
        : [
            fact('Level', <RiderLevel level={rider.level} />),
            fact('Usual tack', <RiderTack tack={rider.tack} />),
            fact('Hours a day', <RiderHours hours={rider.hours_per_day} />),
            fact(
              'Weight',
              <RiderWeight weight={rider.weight} maxRiderWeightKg={booking.max_rider_weight_kg} />,
            ),
            fact(
              'Fit for this tour',
              <BookedRiderFit rider={rider} riding={booking.riding} firstDay={firstDay} />,
              { wide: true },
            ),
          ];
    return {
      key: rider.id ?? index,
      name: rider.full_name,
      facts: [
        fact('Rides', rider.rides === false ? 'No: comes along' : 'Yes'),
        fact('Age', ageOn(rider.birthday, firstDay) ?? NOT_GIVEN),
        ...riding,
        fact('Food restriction', rider.food_restriction || 'None', { wrap: 'text' }),
        fact('E-mail', rider.email ? <BreakableEmail email={rider.email} /> : NOT_GIVEN, {
          wrap: 'email',
          // Half a phone's card broke a long address into four lines; across it, two.
          wide: true,
        }),
        fact('Phone', rider.phone ? formatPhone(rider.phone) : NOT_GIVEN, { wrap: 'never' }),
      ],
    };
  });
}
