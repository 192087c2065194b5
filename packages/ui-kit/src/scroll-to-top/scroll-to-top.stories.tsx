import type { Meta, StoryObj } from '@storybook/react-vite';
import type { CSSProperties } from 'react';
import { expect, userEvent, waitFor } from 'storybook/test';
import { Button } from '../button/button';
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

/** The height of the page's fixed bottom bar in the story, which the page gives the button. */
const BAR_HEIGHT = 72;

/**
 * Above a page's fixed bottom bar (a tour page's booking bar on phones): the page sets
 * `--gk-scroll-to-top-offset` to the bar's height, so the button covers none of the bar.
 */
export const AboveABottomBar: Story = {
  // Its own frame on the docs page: the fixed bar would otherwise cover the page's foot.
  parameters: { docs: { story: { inline: false, iframeHeight: '360px' } } },
  render: (args) => (
    <div style={{ '--gk-scroll-to-top-offset': `${BAR_HEIGHT}px` } as CSSProperties}>
      <div
        style={{
          position: 'fixed',
          right: 0,
          bottom: 0,
          left: 0,
          zIndex: 50,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          boxSizing: 'border-box',
          height: BAR_HEIGHT,
          padding: '0 16px',
          borderTop: '1px solid var(--gk-color-border)',
          background: 'var(--gk-color-surface)',
        }}
        data-testid="bottom-bar"
      >
        <span>from US$495</span>
        <Button theme="primary">Request booking</Button>
      </div>
      <ScrollToTop {...args} />
    </div>
  ),
  play: async ({ canvas }) => {
    window.scrollTo(0, 600);
    const top = await canvas.findByRole('button', { name: 'Back to top' });
    // Measured where it comes to rest, after its entrance.
    await Promise.all(top.getAnimations().map((animation) => animation.finished));
    const bar = canvas.getByTestId('bottom-bar').getBoundingClientRect();
    const button = top.getBoundingClientRect();
    // Above the bar with the usual 16 px gap, so the bar's own button stays free to press.
    await expect(Math.round(bar.top - button.bottom)).toBe(16);
    await expect(
      canvas.getByRole('button', { name: 'Request booking' }).getBoundingClientRect().top,
    ).toBeGreaterThanOrEqual(button.bottom);
    window.scrollTo(0, 0);
  },
};
