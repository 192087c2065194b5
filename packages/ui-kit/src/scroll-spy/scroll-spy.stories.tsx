import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { ScrollSpy } from './scroll-spy';

const sections = [
  { name: 'Program', anchor: 'spy-program', subItems: [{ name: 'Day 1', anchor: 'spy-day-1' }] },
  { name: "What's included", anchor: 'spy-included' },
  { name: 'Prices', anchor: 'spy-prices' },
  { name: 'Reviews', anchor: 'spy-reviews' },
];

const meta = {
  title: 'Basics/ScrollSpy',
  component: ScrollSpy,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: { items: sections, onActiveChange: fn(), offset: 16 },
  decorators: [
    (Story) => (
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: 'minmax(140px, 200px) 1fr',
          gap: 24,
          padding: 24,
          font: '16px/1.6 var(--gk-font)',
        }}
      >
        <div style={{ position: 'sticky', top: 16, alignSelf: 'start' }}>
          <Story />
        </div>
        <main>
          {[
            ['spy-program', 'Program'],
            ['spy-day-1', 'Day 1'],
            ['spy-included', "What's included"],
            ['spy-prices', 'Prices'],
            ['spy-reviews', 'Reviews'],
          ].map(([id, title]) => (
            <section key={id} id={id} style={{ minHeight: 600 }}>
              <h2>{title}</h2>
              <p>Steppe, rivers and mountain passes, one day at a time.</p>
            </section>
          ))}
        </main>
      </div>
    ),
  ],
} satisfies Meta<typeof ScrollSpy>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Clicking a link scrolls there (at most 500 ms) and moves focus; the link becomes current. */
export const Default: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('link', { name: 'Program' })).toHaveAttribute(
      'aria-current',
      'location',
    );
    await userEvent.click(canvas.getByRole('link', { name: 'Prices' }));
    await expect(document.getElementById('spy-prices')).toHaveFocus();
    await waitFor(() =>
      expect(Math.round(document.getElementById('spy-prices')!.getBoundingClientRect().top)).toBe(
        16,
      ),
    );
    await expect(args.onActiveChange).toHaveBeenLastCalledWith('spy-prices');
    await expect(canvas.getByRole('link', { name: 'Prices' })).toHaveAttribute(
      'aria-current',
      'location',
    );
    window.scrollTo(0, 0);
  },
};
