import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { CodeInput } from './code-input';

const meta = {
  title: 'Forms/CodeInput',
  tags: ['autodocs'],
  component: CodeInput,
  args: { label: 'Code from the SMS', onComplete: fn(), onChange: fn() },
} satisfies Meta<typeof CodeInput>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Digits only; emits complete when the fifth digit lands. */
export const Typing: Story = {
  play: async ({ args, canvas }) => {
    const boxes = canvas.getAllByRole('textbox');
    await expect(boxes).toHaveLength(5);
    await userEvent.tab();
    await expect(boxes[0]).toHaveFocus();
    await userEvent.keyboard('12x34');
    await expect(args.onComplete).not.toHaveBeenCalled();
    await userEvent.keyboard('5');
    await expect(args.onComplete).toHaveBeenCalledWith('12345');
  },
};

/** A paste counts only when it is exactly five digits. */
export const PasteRule: Story = {
  play: async ({ args, canvas }) => {
    const [first] = canvas.getAllByRole('textbox');
    await userEvent.click(first!);
    await userEvent.paste('1234');
    await userEvent.paste('12a45');
    await expect(args.onChange).not.toHaveBeenCalled();
    await userEvent.paste('90817');
    await expect(args.onComplete).toHaveBeenCalledWith('90817');
  },
};

export const Invalid: Story = {
  args: { invalid: true, value: '11111' },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('textbox')[0]).toHaveAttribute('aria-invalid', 'true');
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas }) => {
    for (const box of canvas.getAllByRole('textbox')) await expect(box).toBeDisabled();
  },
};
