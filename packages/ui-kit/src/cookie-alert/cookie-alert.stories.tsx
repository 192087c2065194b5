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
