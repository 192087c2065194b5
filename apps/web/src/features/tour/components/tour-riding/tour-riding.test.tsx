import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import { tourFixture } from '../../testing/tour-fixture';
import { TourRiding, ridingFacts } from './tour-riding';

const riding = tourFixture().riding;

/** The first render waits for the router; shared machines can be slow. */
const SLOW_CI = { timeout: 5000 };

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
  it('shows the level asked, the pace mix and the levels explained', async () => {
    await renderInApp(<TourRiding riding={riding} />);
    const level = (await screen.findByRole('heading', { name: 'Rider level' }, SLOW_CI))
      .parentElement!;
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

describe('TourFit', () => {
  afterEach(() => {
    document.cookie = 'gallop_rider=; Max-Age=0; Path=/';
  });

  it('invites to fill a rider passport when there is none', async () => {
    await renderInApp(<TourRiding riding={riding} heavyPlacesFree={1} />);
    const link = await screen.findByRole('link', { name: 'Fill your rider passport' }, SLOW_CI);
    expect(link).toHaveAttribute('href', '/rider-passport');
  });

  it('gives the passport’s fit with every reason, the most important first', async () => {
    document.cookie =
      'gallop_rider=level%3Dnovice%26tack%3Dwestern%26hours%3D4%26weight%3D100; path=/';
    await renderInApp(<TourRiding riding={riding} heavyPlacesFree={0} />);
    const fit = (await screen.findByRole('heading', { name: 'How this ride fits you' }, SLOW_CI))
      .parentElement!;
    expect(fit.querySelector('.gk-fit')).toHaveTextContent(/^Not suitable$/);
    expect(
      within(fit)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Not suitable: No horse for riders over 95 kg is left on any date',
      'A stretch: For intermediate riders, one step above novice',
      'A stretch: Up to 6 h in the saddle a day; you are used to 4 h',
      'A stretch: English tack; you ride Western',
    ]);
    expect(within(fit).getByRole('link', { name: 'Edit your passport' })).toHaveAttribute(
      'href',
      '/rider-passport',
    );
  });

  it('says a single reason on the indicator’s line', async () => {
    document.cookie = 'gallop_rider=level%3Dnovice; path=/';
    await renderInApp(<TourRiding riding={riding} />);
    const fit = (await screen.findByRole('heading', { name: 'How this ride fits you' }, SLOW_CI))
      .parentElement!;
    expect(fit.querySelector('.gk-fit')).toHaveTextContent(
      'A stretch: For intermediate riders, one step above novice',
    );
    expect(within(fit).queryByRole('list')).toBeNull();
  });
});
