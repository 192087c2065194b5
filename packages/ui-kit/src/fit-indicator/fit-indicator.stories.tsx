import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { FitIndicator } from './fit-indicator';

const meta = {
  title: 'Rider fit/FitIndicator',
  component: FitIndicator,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  args: { verdict: 'fits', reason: null, compact: false },
  argTypes: {
    verdict: { control: 'select', options: [null, 'fits', 'stretch', 'not-suitable'] },
    reason: { control: 'text' },
    labels: { control: false },
  },
} satisfies Meta<typeof FitIndicator>;

export default meta;
type Story = StoryObj<typeof meta>;

const HOURS = 'The longest day is 6 h in the saddle; you are used to 4 h';
const WEIGHT = 'Riders up to 95 kg with clothing; you weigh 102 kg';

export const Fits: Story = {
  play: async ({ canvasElement }) => {
    const indicator = canvasElement.querySelector('.gk-fit');
    await expect(indicator).toHaveTextContent('Fits you');
    await expect(indicator?.querySelector('svg')).toBeVisible();
  },
};

export const Stretch: Story = {
  args: { verdict: 'stretch', reason: HOURS },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('.gk-fit')).toHaveTextContent(`A stretch: ${HOURS}`);
  },
};

export const NotSuitable: Story = {
  args: { verdict: 'not-suitable', reason: WEIGHT },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('.gk-fit')).toHaveTextContent(
      `Not suitable: ${WEIGHT}`,
    );
  },
};

/** No rider passport yet: a neutral prompt that opens the passport. */
export const NoPassport: Story = {
  args: { verdict: null, onAddPassport: fn() },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', {
      name: 'Add your rider passport to see if this ride fits you',
    });
    await userEvent.click(button);
    await expect(args.onAddPassport).toHaveBeenCalledOnce();
  },
};

/** Without `onAddPassport` the prompt is plain text. */
export const NoPassportText: Story = {
  args: { verdict: null },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button')).toBeNull();
    await expect(
      canvas.getByText('Add your rider passport to see if this ride fits you'),
    ).toBeVisible();
  },
};

/** Among the longest reasons `matchRider` gives a card. */
const LEVEL = 'For strong intermediate riders, one step above intermediate';
const HEAVY = 'No horse for riders over 110 kg is left on any date';

/** How many lines a compact indicator's text takes on screen (18 px each), and whether any is cut. */
function shownLines(indicator: Element | null | undefined) {
  const text = indicator?.querySelector('.gk-fit__text');
  if (!text) throw new Error('No compact indicator text');
  return {
    lines: Math.round(text.clientHeight / 18),
    // Past the last line shown, or (on one line) past its end.
    cut: text.scrollHeight > text.clientHeight + 1 || text.scrollWidth > text.clientWidth + 1,
  };
}

/**
 * On a tour card (a desktop card's picture, 280 px): a short reason stays on one line, a longer
 * one wraps to a second instead of being cut; the whole text is also in the title.
 */
export const CompactOnCards: Story = {
  args: { compact: true },
  render: (args) => (
    <div style={{ display: 'grid', gap: 8, width: 280 }}>
      <FitIndicator {...args} verdict="fits" reason={null} />
      <FitIndicator {...args} verdict="stretch" reason={HOURS} />
      <FitIndicator {...args} verdict="not-suitable" reason={WEIGHT} />
      <FitIndicator {...args} verdict={null} onAddPassport={fn()} />
    </div>
  ),
  play: async ({ canvasElement, canvas }) => {
    const [fits, stretch, notSuitable] = canvasElement.querySelectorAll('p.gk-fit');
    await expect(fits).toHaveAttribute('title', 'Fits you');
    await expect(stretch).toHaveAttribute('title', `A stretch: ${HOURS}`);
    await expect(notSuitable).toHaveAttribute('title', `Not suitable: ${WEIGHT}`);
    // Wrapped, not cut: whole on screen in two lines at most, and whole for screen readers.
    await expect(stretch).toHaveTextContent(HOURS);
    await expect(shownLines(fits)).toEqual({ lines: 1, cut: false });
    await expect(shownLines(stretch)).toEqual({ lines: 2, cut: false });
    await expect(shownLines(notSuitable)).toEqual({ lines: 2, cut: false });
    await expect(
      canvas.getByRole('button', { name: 'Add your rider passport to see if this ride fits you' }),
    ).toHaveAttribute('title', 'Add your rider passport to see if this ride fits you');
  },
};

/**
 * On a phone's card (390 px screen: the picture's 338 px less the insets): the longest reasons
 * read whole, on two lines at most, with no hover needed.
 */
export const CompactOnPhoneCards: Story = {
  args: { compact: true },
  render: (args) => (
    <div style={{ display: 'grid', gap: 8, width: 318 }}>
      <FitIndicator {...args} verdict="stretch" reason={LEVEL} />
      <FitIndicator {...args} verdict="not-suitable" reason={HEAVY} />
      <FitIndicator {...args} verdict="not-suitable" reason={WEIGHT} />
      <FitIndicator {...args} verdict={null} onAddPassport={fn()} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    for (const indicator of canvasElement.querySelectorAll('.gk-fit')) {
      await expect(shownLines(indicator).cut).toBe(false);
      await expect(shownLines(indicator).lines).toBeLessThanOrEqual(2);
    }
  },
};

/** Narrower than any card: past two lines the reason is cut, the whole text kept in the title. */
export const CompactCutAfterTwoLines: Story = {
  args: { compact: true, verdict: 'stretch', reason: LEVEL },
  render: (args) => (
    <div style={{ width: 160 }}>
      <FitIndicator {...args} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const indicator = canvasElement.querySelector('.gk-fit');
    await expect(shownLines(indicator)).toEqual({ lines: 2, cut: true });
    await expect(indicator).toHaveAttribute('title', `A stretch: ${LEVEL}`);
    await expect(indicator).toHaveTextContent(`A stretch: ${LEVEL}`);
  },
};
