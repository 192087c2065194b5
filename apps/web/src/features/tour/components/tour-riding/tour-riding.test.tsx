import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { tourFixture } from '../../testing/tour-fixture';
import { TourRiding, ridingFacts } from './tour-riding';

const riding = tourFixture().riding;

describe('ridingFacts', () => {
  it('gives the requirements in the order a rider checks them', () => {
    expect(ridingFacts(riding)).toEqual([
      { label: 'In the saddle', value: '5 hours a typical day, 6 hours the longest' },
      { label: 'Terrain', value: 'Hills, river crossings' },
      { label: 'Tack', value: 'English' },
      { label: 'Horses', value: 'Boerperd, a herd of 40' },
      {
        label: 'Rider weight',
        value:
          'Up to 95 kg with clothing; up to 110 kg on a heavier horse, while the date has one free',
      },
      { label: 'Riding age', value: 'From 12 years' },
      { label: 'Non-riders', value: 'Riders only' },
    ]);
  });

  it('says one limit without heavier horses, an age range, other tack, and leaves out empty facts', () => {
    const facts = ridingFacts({
      ...riding,
      terrain: [],
      horses: { breed: '', herd_size: null },
      heavy_rider_weight_kg: 95,
      max_riding_age: 70,
      other_tack_on_request: true,
      hours_longest_day: 5,
      non_riders_welcome: true,
    });
    expect(facts).toEqual([
      { label: 'In the saddle', value: '5 hours a day' },
      { label: 'Tack', value: 'English; other tack on request' },
      { label: 'Rider weight', value: 'Up to 95 kg with clothing' },
      { label: 'Riding age', value: '12 to 70 years' },
      { label: 'Non-riders', value: 'Welcome to come along' },
    ]);
  });
});

describe('TourRiding', () => {
  it('shows the level asked, the pace mix and the levels explained', () => {
    render(<TourRiding riding={riding} />);
    const level = screen.getByRole('heading', { name: 'Rider level' }).parentElement!;
    expect(
      within(level).getByRole('img', { name: 'Rider level: Intermediate, 3 of 5' }),
    ).toBeTruthy();
    expect(
      screen.getByRole('img', { name: 'Pace mix: walk 50%, trot 30%, canter 15%, gallop 5%' }),
    ).toBeTruthy();
    expect(screen.getByText('What the levels mean')).toBeTruthy();
    expect(screen.getByText('Riders only')).toBeTruthy();
  });
});
