import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { CopyToClipboard } from './copy-to-clipboard';

const meta = {
  title: 'Page pieces/CopyToClipboard',
  component: CopyToClipboard,
  tags: ['autodocs'],
  args: { text: 'GLP-10452', label: 'Copy request number', onCopy: fn(), onError: fn() },
} satisfies Meta<typeof CopyToClipboard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Copies, shows 'Copied' for 1500 ms, then returns to its label. */
export const Default: Story = {
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: 'Copy request number' });
    await userEvent.click(button);
    // Headless Chromium may refuse clipboard access; either outcome is reported.
    await waitFor(() =>
      expect(
        (args.onCopy as ReturnType<typeof fn>).mock.calls.length +
          (args.onError as ReturnType<typeof fn>).mock.calls.length,
      ).toBe(1),
    );
    if ((args.onCopy as ReturnType<typeof fn>).mock.calls.length === 1) {
      await expect(button).toHaveTextContent('Copied');
      await waitFor(() => expect(button).toHaveTextContent('Copy request number'), {
        timeout: 2500,
      });
    }
  },
};
