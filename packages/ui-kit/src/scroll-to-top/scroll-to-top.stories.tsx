import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { ScrollToTop } from './scroll-to-top';

const meta = {
  title: 'Page pieces/ScrollToTop',
  component: ScrollToTop,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story) => (
      <div style={{ padding: 24, font: '16px/1.6 var(--gk-font)' }}>
        {Array.from({ length: 40 }, (_, i) => (
          <p key={i}>
            Day {i + 1}: a long ride through the steppe, lunch by the river and a night in a yurt.
          </p>
        ))}
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ScrollToTop>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Appears past 150 px; remembers the position and offers to return to it. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button')).toBeNull();
    window.scrollTo(0, 600);
    const top = await canvas.findByRole('button', { name: 'Back to top' });
    await userEvent.click(top);
    await waitFor(() => expect(window.scrollY).toBe(0), { timeout: 3000 });
    const back = await canvas.findByRole('button', { name: 'Back to where I was' });
    await userEvent.click(back);
    await waitFor(() => expect(Math.round(window.scrollY)).toBe(600), { timeout: 3000 });
    window.scrollTo(0, 0);
  },
};
