import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent } from 'storybook/test';
import { CookieAlert, type CookieAlertProps } from './cookie-alert';

function Stateful(args: CookieAlertProps) {
  const [open, setOpen] = useState(args.isOpen);
  return (
    <CookieAlert
      {...args}
      isOpen={open}
      onDismiss={() => {
        args.onDismiss();
        setOpen(false);
      }}
    />
  );
}

const meta = {
  title: 'Page pieces/CookieAlert',
  component: CookieAlert,
  tags: ['autodocs'],
  render: (args) => <Stateful {...args} />,
  args: { isOpen: true, onDismiss: fn() },
} satisfies Meta<typeof CookieAlert>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Shown: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: "Ok, don't show again" }));
    await expect(args.onDismiss).toHaveBeenCalledOnce();
    await expect(canvas.queryByRole('region')).toBeNull();
  },
};

const reservedSpace = () =>
  document.documentElement.style.getPropertyValue('--gk-cookie-alert-space');

/**
 * Escape dismisses it as its button does. While it shows, the page keeps its height free at the
 * bottom (`--gk-cookie-alert-space`), so it never covers the focused element.
 */
export const DismissedWithEscape: Story = {
  play: async ({ canvas, args }) => {
    const region = canvas.getByRole('region', { name: 'Cookie notice' });
    const space = Number.parseFloat(reservedSpace());
    await expect(space).toBeGreaterThanOrEqual(region.getBoundingClientRect().height);
    await userEvent.keyboard('{Escape}');
    await expect(args.onDismiss).toHaveBeenCalledOnce();
    await expect(canvas.queryByRole('region')).toBeNull();
    await expect(reservedSpace()).toBe('');
  },
};
