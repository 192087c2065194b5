import { screen } from '@testing-library/react';
import { memo } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { tourFixture } from '../features/tour/testing/tour-fixture';
import { renderInApp } from './testing/render-in-app';
import { usePassportFitOnly } from './use-passport-fit';
import { useVisitorPassport } from './visitor-passport';

const riding = tourFixture().riding;
const SLOW_CI = { timeout: 5000 };

afterEach(() => {
  document.cookie = 'gallop_rider=; Max-Age=0; Path=/';
});

/**
 * Twelve cards' fit, as the home page's best tours show them, each counting its renders, and a
 * part without the hook counting the renders that the test's router causes (it mounts the page
 * more than once): the hook's own renders are the difference.
 */
function Cards({ renders, baseline }: { renders: number[]; baseline: number[] }) {
  return (
    <>
      <Baseline renders={baseline} />
      {Array.from({ length: 12 }, (_, card) => (
        <CardFit key={card} card={card} renders={renders} />
      ))}
    </>
  );
}

const Baseline = memo(function Baseline({ renders }: { renders: number[] }) {
  renders[0] = (renders[0] ?? 0) + 1;
  return null;
});

/** Memoised as a card's parts are not: only the hook's own renders are counted. */
const CardFit = memo(function CardFit({ card, renders }: { card: number; renders: number[] }) {
  renders[card] = (renders[card] ?? 0) + 1;
  const fit = usePassportFitOnly(riding, { free: 0, scope: 'any-date' });
  return fit ? <p data-testid="fit">{fit.verdict}</p> : null;
});

/** Shows when the shell's loader has learnt the passport (or that there is none). */
function Known() {
  const { ready } = useVisitorPassport();
  return ready ? <p>known</p> : null;
}

describe('usePassportFitOnly', () => {
  it('does not render a card again when the visitor has no passport', async () => {
    const renders: number[] = [];
    const baseline: number[] = [];
    await renderInApp(
      <>
        <Known />
        <Cards renders={renders} baseline={baseline} />
      </>,
    );
    await screen.findByText('known', {}, SLOW_CI);
    expect(baseline[0]).toBeGreaterThan(0);
    expect(renders).toEqual(Array.from({ length: 12 }, () => baseline[0]));
    expect(screen.queryByTestId('fit')).toBeNull();
  });

  it('renders each card once more with the fit when a passport is known', async () => {
    document.cookie = 'gallop_rider=level%3Dnovice; path=/';
    const renders: number[] = [];
    const baseline: number[] = [];
    await renderInApp(<Cards renders={renders} baseline={baseline} />);
    expect(await screen.findAllByTestId('fit', {}, SLOW_CI)).toHaveLength(12);
    expect(screen.getAllByTestId('fit')[0]).toHaveTextContent('stretch');
    expect(renders).toEqual(Array.from({ length: 12 }, () => baseline[0]! + 1));
  });
});
