import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Tour } from '../../api';
import { TourProgram } from './tour-program';

type ProgramDay = NonNullable<Tour['program']>[number];

const pace = { walk: 50, trot: 30, canter: 20, gallop: 0 };
const day = (number: number, riding: ProgramDay['riding']): ProgramDay => ({
  day: number,
  title: `Day title ${number}`,
  description: 'What happens.',
  images: [],
  riding,
});
const ride = (hours: number, km: number, ascent: number | null, overnight: string | null) => ({
  rest_day: false,
  hours,
  distance_km: km,
  ascent_m: ascent,
  pace_mix: pace,
  overnight: overnight ? { name: overnight, lat: 47.9, lng: 106.9 } : null,
});

describe('TourProgram', () => {
  it('gives a visitor of the imperial units miles and feet', () => {
    render(
      <TourProgram
        onOpenPhotos={() => {}}
        units="imperial"
        days={[day(1, ride(5, 28, 400, null))]}
      />,
    );
    expect(screen.getByText('5 h in the saddle · 17.4 mi · ↑ 1,312 ft')).toBeInTheDocument();
  });

  it('shows the ride profile and each day’s numbers in one line, rest days said', () => {
    render(
      <TourProgram
        onOpenPhotos={() => {}}
        days={[
          day(1, ride(1.5, 8, null, 'Ger camp near Ulaanbaatar')),
          day(2, ride(5, 28, 400, 'Ger camp, 24 km north of Ulaanbaatar')),
          day(3, {
            rest_day: true,
            hours: null,
            distance_km: null,
            ascent_m: null,
            pace_mix: null,
            overnight: { name: 'Ger camp, 24 km north of Ulaanbaatar', lat: 48.1, lng: 106.9 },
          }),
          day(4, ride(2, 10, null, null)),
        ]}
      />,
    );
    const profile = screen.getByRole('figure', { name: 'Riding day by day' });
    expect(within(profile).getAllByRole('listitem')).toHaveLength(4);
    expect(within(profile).getByText('Total distance').nextElementSibling).toHaveTextContent(
      '46 km',
    );
    expect(
      screen.getByText(
        '5 h in the saddle · 28 km · ↑ 400 m · overnight: Ger camp, 24 km north of Ulaanbaatar',
      ),
    ).toBeTruthy();
    expect(
      screen.getByText('Rest day · overnight: Ger camp, 24 km north of Ulaanbaatar'),
    ).toBeTruthy();
    expect(screen.getByText('2 h in the saddle · 10 km')).toBeTruthy();
  });

  it('shows no profile and no line when the programme gives no numbers', () => {
    render(<TourProgram onOpenPhotos={() => {}} days={[day(1, null), day(2, null)]} />);
    expect(screen.queryByRole('figure')).toBeNull();
    expect(screen.queryByText(/in the saddle/)).toBeNull();
  });
});
