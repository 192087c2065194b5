import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { TruncateText } from './truncate-text';

const long = [
  'We start at the stables above Kyzyl-Oi, where the herders of the Suusamyr valley keep their horses through the summer. After a short safety talk and a test ride, the group follows the river up to the first camp.',
  'Each day brings four to six hours in the saddle, with long lunch stops by lakes and in yurts. Evenings are for the campfire, the stars and the stories of our guides, who grew up riding these passes.',
  'The last day takes us over the Kara-Keche pass at 3,300 m and down to Song-Kol lake, where a warm yurt and a hot dinner wait.',
];

const meta = {
  title: 'Basics/TruncateText',
  component: TruncateText,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  args: {
    children: long.map((paragraph) => <p key={paragraph.slice(0, 12)}>{paragraph}</p>),
  },
  argTypes: { children: { control: false } },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 560, font: '16px/1.5 var(--gk-font)' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof TruncateText>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Long text: 120 px and 'Read more'; 'Hide' folds it again. */
export const Truncated: Story = {
  play: async ({ canvas }) => {
    const more = await canvas.findByRole('button', { name: 'Read more' });
    const content = document.getElementById(more.getAttribute('aria-controls')!)!;
    await expect(content.getBoundingClientRect().height).toBe(120);
    await userEvent.click(more);
    await waitFor(() => expect(content.getBoundingClientRect().height).toBeGreaterThan(144));
    await userEvent.click(canvas.getByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(content.getBoundingClientRect().height).toBe(120));
  },
};

/** Short text (up to 120 + 24 px) is shown whole. */
export const Short: Story = {
  args: { children: <p>{long[2]}</p> },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};
