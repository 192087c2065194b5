import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent } from 'storybook/test';
import { Counter } from './counter';
import { NumberInput } from './number-input';

const meta = {
  title: 'Forms/NumberInput and Counter',
  tags: ['autodocs'],
  component: NumberInput,
  args: { value: 5, min: 0, max: 20, onChange: fn() },
  render: function Render(args) {
    const [value, setValue] = useState(args.value);
    return (
      <label style={{ display: 'grid', gap: 6, maxWidth: 200, fontFamily: 'var(--gk-font)' }}>
        Days
        <NumberInput
          {...args}
          value={value}
          onChange={(next) => {
            setValue(next);
            args.onChange(next);
          }}
        />
      </label>
    );
  },
} satisfies Meta<typeof NumberInput>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A typed value outside the bounds is clamped on commit (blur or Enter). */
export const Clamping: Story = {
  play: async ({ args, canvas }) => {
    const input = canvas.getByRole('spinbutton', { name: 'Days' });
    await userEvent.clear(input);
    await userEvent.type(input, '35');
    await userEvent.tab();
    await expect(input).toHaveValue('20');
    await expect(args.onChange).toHaveBeenLastCalledWith(20);
    await userEvent.click(input);
    await userEvent.keyboard('{Home}');
    await expect(input).toHaveValue('0');
  },
};

/** The guests counter: − / + disabled at the bounds, typed values clamped. */
export const CounterBounds: Story = {
  render: function Render() {
    const [adults, setAdults] = useState(1);
    return (
      <div style={{ maxWidth: 320 }}>
        <Counter label="Adults" value={adults} min={1} max={4} onChange={setAdults} />
      </div>
    );
  },
  play: async ({ canvas }) => {
    const increase = canvas.getByRole('button', { name: 'Increase Adults' });
    await expect(canvas.getByRole('button', { name: 'Decrease Adults' })).toBeDisabled();
    for (let i = 0; i < 5; i += 1)
      if (!increase.hasAttribute('disabled')) await userEvent.click(increase);
    await expect(canvas.getByRole('spinbutton', { name: 'Adults' })).toHaveValue('4');
    await expect(increase).toBeDisabled();
    const input = canvas.getByRole('spinbutton', { name: 'Adults' });
    await userEvent.clear(input);
    await userEvent.type(input, '0{Enter}');
    await expect(input).toHaveValue('1');
  },
};
