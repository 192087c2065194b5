import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import { tourDate, tourFixture } from '../../testing/tour-fixture';
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
          'Up to 95\u00a0kg with clothing; up to 110\u00a0kg on a heavier horse, while the date has one free',
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
      { label: 'Rider weight', value: 'Up to 95\u00a0kg with clothing' },
      { label: 'Riding age', value: '12 to 70 years' },
      { label: 'Non-riders', value: 'Welcome to come along' },
    ]);
  });

  it('writes the limits in pounds as the most a rider may type within them', () => {
    // 110 kg is 242.5 lb; a rider typing 243 lb is kept as 110.2 kg, above it.
    expect(ridingFacts(riding, undefined, 'lb')).toContainEqual({
      label: 'Rider weight',
      value:
        'Up to 209\u00a0lb with clothing; up to 242\u00a0lb on a heavier horse, while the date has one free',
    });
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
      'Not suitable: No horse for riders over 95\u00a0kg is left on any date',
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

describe('TourFit: a rider who needs a heavier horse', () => {
  afterEach(() => {
    document.cookie = 'gallop_rider=; Max-Age=0; Path=/';
  });

  /** Soonest first; the busy date and the sold-out one cannot be booked. */
  const dates = [
    tourDate({ id: 71, start: '2027-02-20', end: '2027-02-27', heavy_places_free: 1 }),
    tourDate({ id: 72, start: '2027-03-06', end: '2027-03-13', heavy_places_free: 0 }),
    tourDate({ id: 73, start: '2027-04-03', end: '2027-04-07', heavy_places_free: 2 }),
    tourDate({ id: 74, start: '2027-05-01', end: '2027-05-08', is_busy: true }),
    tourDate({ id: 75, start: '2027-06-05', end: '2027-06-12', number_of_free_seats: 0 }),
  ];
  const fitsApart = 'level%3Dintermediate%26tack%3Denglish%26hours%3D6';

  async function fitPanel() {
    return (await screen.findByRole('heading', { name: 'How this ride fits you' }, SLOW_CI))
      .parentElement!;
  }

  it('says the ride fits, on a heavier horse, and on which dates one is free', async () => {
    document.cookie = `gallop_rider=${fitsApart}%26weight%3D100; path=/`;
    await renderInApp(<TourRiding riding={riding} heavyPlacesFree={2} dates={dates} />);
    const fit = await fitPanel();
    expect(fit.querySelector('.gk-fit')).toHaveTextContent(/^Fits you$/);
    expect(
      within(fit).getByText(
        'Over 95 kg you ride a heavier horse: one is free on 20–27 Feb 2027 and 3–7 Apr 2027.',
      ),
    ).toBeInTheDocument();
  });

  it('says when no date that can be booked has a heavier horse free', async () => {
    document.cookie = `gallop_rider=${fitsApart}%26weight%3D100; path=/`;
    await renderInApp(
      <TourRiding
        riding={riding}
        heavyPlacesFree={1}
        dates={dates.map((date) => ({ ...date, heavy_places_free: date.is_busy ? 1 : 0 }))}
      />,
    );
    const fit = await fitPanel();
    expect(
      within(fit).getByText(
        'Over 95 kg you ride a heavier horse, and none is free on a date you can book.',
      ),
    ).toBeInTheDocument();
  });

  it('names three dates and counts the rest', async () => {
    document.cookie = `gallop_rider=${fitsApart}%26weight%3D100; path=/`;
    const many = [1, 2, 3, 4, 5].map((month) =>
      tourDate({ id: 80 + month, start: `2027-0${month}-02`, end: `2027-0${month}-09` }),
    );
    await renderInApp(<TourRiding riding={riding} heavyPlacesFree={2} dates={many} />);
    const fit = await fitPanel();
    expect(
      within(fit).getByText(
        'Over 95 kg you ride a heavier horse: one is free on 2–9 Jan 2027, 2–9 Feb 2027, 2–9 Mar 2027, and 2 more dates.',
      ),
    ).toBeInTheDocument();
  });

  it('says nothing of heavier horses to a rider the standard ones carry, or one ruled out', async () => {
    document.cookie = `gallop_rider=${fitsApart}%26weight%3D95; path=/`;
    const { unmount } = await renderInApp(
      <TourRiding riding={riding} heavyPlacesFree={2} dates={dates} />,
    );
    const standard = await fitPanel();
    expect(standard.querySelector('.gk-fit')).toHaveTextContent(/^Fits you$/);
    expect(within(standard).queryByText(/heavier horse/)).toBeNull();
    unmount();

    document.cookie = `gallop_rider=${fitsApart}%26weight%3D115; path=/`;
    await renderInApp(<TourRiding riding={riding} heavyPlacesFree={2} dates={dates} />);
    const fit = await fitPanel();
    expect(fit.querySelector('.gk-fit')).toHaveTextContent(
      'Not suitable: Riders up to 110 kg with clothing; you weigh 115 kg',
    );
    expect(within(fit).queryByText(/ride a heavier horse/)).toBeNull();
  });
});
