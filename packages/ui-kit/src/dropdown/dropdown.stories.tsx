import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import type { CSSProperties } from 'react';
import { expect, fn, userEvent, waitFor } from 'storybook/test';

/** Gap in px between the trigger and the panel, once the opening animation has settled. */
async function expectGap(trigger: HTMLElement, panel: HTMLElement, px: number) {
  await waitFor(() =>
    expect(
      Math.round(panel.getBoundingClientRect().top - trigger.getBoundingClientRect().bottom),
    ).toBe(px),
  );
}
import { Dropdown } from './dropdown';

const currencies = ['USD', 'EUR', 'GBP', 'CNY'];

const meta = {
  title: 'Overlays/Dropdown',
  component: Dropdown,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  args: {
    label: 'Currency: USD',
    panelLabel: 'Currencies',
    onOpenChange: fn(),
    children: (close: () => void) => (
      <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 4 }}>
        {currencies.map((code) => (
          <li key={code}>
            <button
              type="button"
              onClick={close}
              style={{
                width: '100%',
                padding: '8px 10px',
                border: 0,
                borderRadius: 8,
                background: 'transparent',
                font: 'inherit',
                textAlign: 'left',
                cursor: 'pointer',
              }}
            >
              {code}
            </button>
          </li>
        ))}
      </ul>
    ),
  },
  argTypes: {
    children: { control: false },
    closeDelay: { control: 'boolean' },
    offset: { control: { type: 'number', min: 0, max: 32 } },
  },
  decorators: [
    (Story) => (
      <div style={{ minHeight: 320 }}>
        <p style={{ font: '14px var(--gk-font)', color: 'var(--gk-color-ink-muted)' }}>
          Prices on this page follow the currency you pick.
        </p>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Dropdown>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Closed; Enter opens it, Escape closes and returns focus. */
export const Closed: Story = {
  play: async ({ canvas, args }) => {
    const trigger = canvas.getByRole('button', { name: 'Currency: USD' });
    await userEvent.tab();
    await expect(trigger).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(canvas.getByRole('group', { name: 'Currencies' })).toBeVisible());
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(true);
    await userEvent.tab();
    await userEvent.keyboard('{Escape}');
    await expect(canvas.queryByRole('group')).toBeNull();
    await expect(trigger).toHaveFocus();
  },
};

/** Open, 12 px under the trigger. An outside click closes it. */
export const Open: Story = {
  args: { defaultOpen: true },
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('button', { name: 'Currency: USD' });
    const panel = canvas.getByRole('group', { name: 'Currencies' });
    await expectGap(trigger, panel, 12);
    await userEvent.click(canvas.getByText(/Prices on this page/));
    await expect(canvas.queryByRole('group')).toBeNull();
  },
};

/** With the 300 ms close delay: an outside click closes it a moment later. */
export const CloseDelay: Story = {
  args: { defaultOpen: true, closeDelay: true },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByText(/Prices on this page/));
    await expect(canvas.getByRole('group')).toBeInTheDocument();
    await waitFor(() => expect(canvas.queryByRole('group')).toBeNull(), { timeout: 1000 });
  },
};

/** Select-style offset of 8 px. */
export const SelectOffset: Story = {
  args: { defaultOpen: true, offset: 8 },
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('button', { name: 'Currency: USD' });
    const panel = canvas.getByRole('group');
    await expectGap(trigger, panel, 8);
  },
};

/** A decorator that pins the dropdown to a corner of the screen. */
function pinnedAt(edges: Pick<CSSProperties, 'top' | 'right' | 'bottom' | 'left'>): Decorator {
  return function Pinned(Story) {
    return (
      <div style={{ position: 'fixed', ...edges }}>
        <Story />
      </div>
    );
  };
}

/** At the bottom of the screen there is no room below: it opens upward, still 12 px away. */
export const OpensUpward: Story = {
  args: { defaultOpen: true },
  decorators: [pinnedAt({ left: 16, bottom: 16 })],
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('button', { name: 'Currency: USD' });
    const panel = canvas.getByRole('group', { name: 'Currencies' });
    await expect(panel).toHaveAttribute('data-side', 'top');
    await waitFor(() =>
      expect(
        Math.round(trigger.getBoundingClientRect().top - panel.getBoundingClientRect().bottom),
      ).toBe(12),
    );
    await expect(panel.getBoundingClientRect().top).toBeGreaterThanOrEqual(0);
  },
};

/** The select offset of 8 px holds upward too. */
export const OpensUpwardSelectOffset: Story = {
  ...OpensUpward,
  args: { defaultOpen: true, offset: 8 },
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('button', { name: 'Currency: USD' });
    const panel = canvas.getByRole('group', { name: 'Currencies' });
    await expect(panel).toHaveAttribute('data-side', 'top');
    await waitFor(() =>
      expect(
        Math.round(trigger.getBoundingClientRect().top - panel.getBoundingClientRect().bottom),
      ).toBe(8),
    );
  },
};

/** Near the right edge the panel would overflow: it lines up with the trigger's end instead. */
export const AlignsEndNearTheRightEdge: Story = {
  args: { defaultOpen: true },
  decorators: [pinnedAt({ right: 16, top: 80 })],
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('button', { name: 'Currency: USD' });
    const panel = canvas.getByRole('group', { name: 'Currencies' });
    await waitFor(() => expect(panel).toHaveClass('gk-dropdown__panel--end'));
    // Right edges line up, and the usual gap holds.
    await expectGap(trigger, panel, 12);
    await expect(
      Math.round(panel.getBoundingClientRect().right - trigger.getBoundingClientRect().right),
    ).toBe(0);
  },
};
