import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { Button } from './button';

const meta = {
  title: 'Components/Button',
  tags: ['autodocs'],
  component: Button,
  args: {
    children: 'Show more tours',
    onClick: fn(),
  },
  argTypes: {
    theme: {
      control: 'inline-radio',
      options: ['primary', 'negative', 'ghost', 'danger', 'light'],
    },
    size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] },
    flush: { control: 'inline-radio', options: [undefined, 'start', 'end'] },
    children: { control: 'text' },
    type: { control: 'inline-radio', options: ['button', 'submit', 'reset'] },
  },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The brand call to action: one per view (e.g. "Book now"). */
export const Primary: Story = {
  args: { theme: 'primary', children: 'Book now' },
  play: async ({ args, canvas }) => {
    const button = canvas.getByRole('button', { name: 'Book now' });
    // Keyboard first: Tab reaches it (and shows the focus ring), Enter activates it.
    await userEvent.tab();
    await expect(button).toHaveFocus();
    await expect(button.matches(':focus-visible')).toBe(true);
    await userEvent.keyboard('{Enter}');
    await expect(args.onClick).toHaveBeenCalledTimes(1);
    await userEvent.click(button);
    await expect(args.onClick).toHaveBeenCalledTimes(2);
  },
};

/** The default theme: secondary actions on white surfaces. */
export const Negative: Story = {
  args: { children: 'Show more tours' },
  play: async ({ args, canvas }) => {
    const button = canvas.getByRole('button', { name: 'Show more tours' });
    await expect(button).toHaveClass('gk-button--negative');
    await expect(button).toHaveAttribute('type', 'button');
    await userEvent.click(button);
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};

/** Low-emphasis actions inside cards and toolbars. */
export const Ghost: Story = {
  args: { theme: 'ghost', children: 'Clear filters' },
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Clear filters' }));
    await expect(args.onClick).toHaveBeenCalledOnce();
  },
};

/** `sm`, `md` (default) and `lg`, in each theme. */
export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 16 }}>
      {(['primary', 'negative', 'ghost'] as const).map((theme) => (
        <div
          key={theme}
          style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 12 }}
        >
          {(['sm', 'md', 'lg'] as const).map((size) => (
            <Button {...args} key={size} theme={theme} size={size}>
              {`${theme} ${size}`}
            </Button>
          ))}
        </div>
      ))}
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('button')).toHaveLength(9);
    await expect(canvas.getByRole('button', { name: 'primary lg' })).toHaveClass('gk-button--lg');
  },
};

/** Destructive actions, e.g. 'Cancel request'. */
export const Danger: Story = {
  args: { theme: 'danger', children: 'Cancel request' },
  play: async ({ args, canvas }) => {
    const button = canvas.getByRole('button', { name: 'Cancel request' });
    await expect(button).toHaveClass('gk-button--danger');
    await userEvent.click(button);
    await expect(args.onClick).toHaveBeenCalledOnce();
  },
};

/** On photos: a frosted white button. */
export const Light: Story = {
  args: { theme: 'light', children: 'Show all 24 photos' },
  decorators: [
    (Story) => (
      <div
        style={{
          padding: 48,
          borderRadius: 16,
          background: 'linear-gradient(135deg, #3b5249 0%, #7a8f6a 55%, #c9a66b 100%)',
        }}
      >
        <Story />
      </div>
    ),
  ],
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Show all 24 photos' })).toHaveClass(
      'gk-button--light',
    );
  },
};

/** Fills its container, e.g. the booking panel on phones. */
export const Block: Story = {
  args: { theme: 'primary', block: true, children: 'Request to book' },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 360 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: 'Request to book' });
    // As wide as its container (360px, or less on a phone).
    await expect(button.offsetWidth).toBe(button.parentElement?.offsetWidth);
  },
};

/**
 * A ghost button on a line of its own under text: `flush="start"` puts its label on the text's
 * edge and its padding (the hover background) out in the margin, in every size.
 */
export const FlushUnderText: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 8, maxWidth: 420, paddingInline: 32 }}>
      <p style={{ margin: 0 }}>Free cancellation until 30 days before the start.</p>
      {(['sm', 'md', 'lg'] as const).map((size) => (
        <div key={size}>
          <Button {...args} theme="ghost" size={size} flush="start">
            {`Cancel booking (${size})`}
          </Button>
        </div>
      ))}
    </div>
  ),
  play: async ({ canvas, canvasElement }) => {
    const textEdge = canvasElement.querySelector('p')!.getBoundingClientRect().left;
    for (const size of ['sm', 'md', 'lg']) {
      const button = canvas.getByRole('button', { name: `Cancel booking (${size})` });
      const label = button.querySelector('.gk-button__label')!.getBoundingClientRect().left;
      await expect(Math.round(label - textEdge)).toBe(0);
    }
  },
};

/** Shows a spinner, keeps its label for screen readers and ignores clicks. */
export const Loading: Story = {
  args: { theme: 'primary', loading: true, children: 'Book now' },
  play: async ({ args, canvas }) => {
    const button = canvas.getByRole('button', { name: 'Book now' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const Disabled: Story = {
  args: { theme: 'primary', disabled: true, children: 'Sold out' },
  play: async ({ args, canvas }) => {
    const button = canvas.getByRole('button', { name: 'Sold out' });
    await expect(button).toBeDisabled();
    await expect(button).not.toHaveAttribute('aria-busy');
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};
