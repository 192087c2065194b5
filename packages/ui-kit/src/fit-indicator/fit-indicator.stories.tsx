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

/** On a tour card: one line each, long reasons cut, the whole text in the title. */
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
    // Cut to one line on screen, whole for screen readers.
    await expect(stretch).toHaveTextContent(HOURS);
    await expect(stretch?.getBoundingClientRect().height).toBeLessThan(30);
    await expect(
      canvas.getByRole('button', { name: 'Add your rider passport to see if this ride fits you' }),
    ).toHaveAttribute('title', 'Add your rider passport to see if this ride fits you');
  },
};
