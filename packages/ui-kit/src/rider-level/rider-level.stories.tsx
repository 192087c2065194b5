import { RIDER_LEVELS } from '@gallop/rider-fit';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { RiderLevelBadge, RiderLevelScale } from './rider-level';

const meta = {
  title: 'Rider fit/RiderLevelBadge',
  component: RiderLevelBadge,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  args: { level: 'intermediate', showDefinition: false, size: 'md' },
  argTypes: {
    level: { control: 'select', options: RIDER_LEVELS },
    size: { control: 'inline-radio', options: ['sm', 'md'] },
    texts: { control: false },
  },
} satisfies Meta<typeof RiderLevelBadge>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The level and a five-step scale filled up to it. */
export const Intermediate: Story = {
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('img', { name: 'Rider level: Intermediate, 3 of 5' }),
    ).toBeVisible();
  },
};

export const Beginner: Story = {
  args: { level: 'beginner' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'Rider level: Beginner, 1 of 5' })).toBeVisible();
  },
};

export const Novice: Story = {
  args: { level: 'novice' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'Rider level: Novice, 2 of 5' })).toBeVisible();
  },
};

export const StrongIntermediate: Story = {
  args: { level: 'strong-intermediate' },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('img', { name: 'Rider level: Strong intermediate, 4 of 5' }),
    ).toBeVisible();
  },
};

export const Advanced: Story = {
  args: { level: 'advanced' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'Rider level: Advanced, 5 of 5' })).toBeVisible();
  },
};

/** Small, as on tour cards: every level side by side. */
export const SmallEveryLevel: Story = {
  args: { size: 'sm' },
  render: (args) => (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
      {RIDER_LEVELS.map((level) => (
        <RiderLevelBadge key={level} {...args} level={level} />
      ))}
    </div>
  ),
  play: async ({ canvas }) => {
    const badges = canvas.getAllByRole('img');
    await expect(badges.map((badge) => badge.getAttribute('aria-label'))).toEqual([
      'Rider level: Beginner, 1 of 5',
      'Rider level: Novice, 2 of 5',
      'Rider level: Intermediate, 3 of 5',
      'Rider level: Strong intermediate, 4 of 5',
      'Rider level: Advanced, 5 of 5',
    ]);
  },
};

/** With the level's summary and what the rider does at each pace. */
export const WithDefinition: Story = {
  args: { level: 'novice', showDefinition: true },
  render: (args) => (
    <div style={{ maxWidth: 420 }}>
      <RiderLevelBadge {...args} />
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'Rider level: Novice, 2 of 5' })).toBeVisible();
    await expect(
      canvas.getByText('Walks and steers alone and can rise to the trot for short spells.'),
    ).toBeVisible();
    await expect(canvas.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Walk',
      'Trot',
      'Canter',
      'Gallop',
      'In the saddle',
    ]);
  },
};

/** The tour page's "What the levels mean", with the tour's own level marked. */
export const Scale: StoryObj<typeof RiderLevelScale> = {
  args: { highlight: 'intermediate', highlightLabel: 'This ride' },
  argTypes: { highlight: { control: 'select', options: [null, ...RIDER_LEVELS] } },
  // The meta's badge args (level, size, showDefinition) are not the scale's: only its own pass.
  render: ({ highlight, highlightLabel, texts }) => (
    <section style={{ maxWidth: 880, fontFamily: 'var(--gk-font)' }}>
      <h2 style={{ margin: '0 0 12px', fontSize: 22 }}>What the levels mean</h2>
      <RiderLevelScale highlight={highlight} highlightLabel={highlightLabel} texts={texts} />
    </section>
  ),
  play: async ({ canvas }) => {
    const list = canvas.getByRole('list', { name: 'What the levels mean' });
    const items = within(list).getAllByRole('listitem');
    await expect(items).toHaveLength(5);
    await expect(items[2]).toHaveAttribute('aria-current', 'true');
    await expect(items[2]).toHaveTextContent('This ride');
    await expect(
      within(items[4]!).getByRole('img', { name: 'Rider level: Advanced, 5 of 5' }),
    ).toBeVisible();
  },
};
