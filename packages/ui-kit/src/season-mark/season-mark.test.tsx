import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SeasonMark } from './season-mark';

describe('SeasonMark', () => {
  it('says the season is poor and why, in words, the icon hidden from assistive technology', () => {
    const { container } = render(
      <SeasonMark reasons={['Hot: 34 °C highs', 'Wet: 180 mm of rain']} className="extra" />,
    );
    const mark = container.firstElementChild!;
    expect(mark).toHaveClass('gk-season-mark', 'extra');
    expect(mark).toHaveTextContent('!Poor season: Hot: 34 °C highs · Wet: 180 mm of rain');
    expect(mark.querySelector('.gk-season-mark__icon')).toHaveAttribute('aria-hidden', 'true');
    expect(mark.querySelector('.gk-season-mark__text')).toHaveTextContent(
      /^Poor season: Hot: 34 °C highs · Wet: 180 mm of rain$/,
    );
  });

  it('takes its own label', () => {
    const { container } = render(<SeasonMark label="Off season" reasons={['Cold: 1 °C highs']} />);
    expect(container).toHaveTextContent('Off season: Cold: 1 °C highs');
  });

  it('renders nothing without a reason', () => {
    const { container } = render(<SeasonMark reasons={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
