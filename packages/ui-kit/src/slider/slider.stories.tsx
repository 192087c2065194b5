import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { Slider } from './slider';

const meta = {
  title: 'Forms/Slider',
  tags: ['autodocs'],
  component: Slider,
  // Uncontrolled: the slider keeps its value from `defaultValue` and reports it to `onChange`.
  args: { label: 'Difficulty', defaultValue: 40, onChange: fn() },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 420 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Slider>;

export default meta;
type Story = StoryObj<typeof meta>;

/** One thumb, defaults 0..100 step 1; keys move it, a track click glides it (200 ms). */
export const Single: Story = {
  play: async ({ canvas, canvasElement }) => {
    const thumb = canvas.getByRole('slider', { name: 'Difficulty' });
    await userEvent.tab();
    await expect(thumb).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    await expect(thumb).toHaveValue('42');
    await userEvent.keyboard('{End}');
    await expect(thumb).toHaveValue('100');
    const track = canvasElement.querySelector('.gk-slider__track')!;
    const box = track.getBoundingClientRect();
    await userEvent.pointer({
      keys: '[MouseLeft]',
      target: track,
      coords: { clientX: box.left + box.width / 4, clientY: box.top + box.height / 2 },
    });
    await expect(canvasElement.querySelector('.gk-slider')).toHaveClass('gk-slider--gliding');
    await waitFor(() => expect(Number((thumb as HTMLInputElement).value)).toBeLessThan(40));
    await waitFor(() =>
      expect(canvasElement.querySelector('.gk-slider')).not.toHaveClass('gk-slider--gliding'),
    );
  },
};

/** The price filter: two thumbs, EUR total cap 5000 with step 50 (docs/product.md, Constants). */
export const PriceRange: Story = {
  args: {
    label: 'Price',
    min: 0,
    max: 5000,
    step: 50,
    formatOptions: { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 },
    defaultValue: [500, 3000],
  },
  play: async ({ canvas }) => {
    const low = canvas.getByRole('slider', { name: /Minimum/ });
    const high = canvas.getByRole('slider', { name: /Maximum/ });
    low.focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(low).toHaveValue('550');
    high.focus();
    await userEvent.keyboard('{Home}');
    await expect(high).toHaveValue('550');
    await expect(high).toHaveAttribute('aria-valuetext', '€550');
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('slider')).toBeDisabled();
  },
};
