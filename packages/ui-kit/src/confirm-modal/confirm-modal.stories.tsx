import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ConfirmModal } from './confirm-modal';

const meta = {
  title: 'Overlays/ConfirmModal',
  component: ConfirmModal,
  tags: ['autodocs'],
  args: {
    isOpen: true,
    title: 'Remove this tour from favourites?',
    children: <p>You can add it back at any time.</p>,
    onConfirm: fn(),
    onCancel: fn(),
  },
  argTypes: { children: { control: false } },
} satisfies Meta<typeof ConfirmModal>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

/** 420 px wide, Confirm and Cancel. */
export const Open: Story = {
  play: async ({ args }) => {
    const dialog = await body().findByRole('alertdialog', { name: args.title as string });
    await expect(dialog.closest('.gk-modal')?.getBoundingClientRect().width).toBeLessThanOrEqual(
      420,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await expect(args.onConfirm).toHaveBeenCalledOnce();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await expect(args.onCancel).toHaveBeenCalledOnce();
  },
};

/** Escape cancels. */
export const EscapeCancels: Story = {
  play: async ({ args }) => {
    await body().findByRole('alertdialog');
    await userEvent.keyboard('{Escape}');
    await expect(args.onCancel).toHaveBeenCalledOnce();
    await expect(args.onConfirm).not.toHaveBeenCalled();
  },
};

/** A destructive action while it runs. */
export const DestructiveLoading: Story = {
  args: {
    title: 'Cancel the booking request?',
    children: <p>The organizer will be told at once.</p>,
    destructive: true,
    loading: true,
    confirmLabel: 'Cancel request',
    cancelLabel: 'Keep it',
  },
  play: async () => {
    const dialog = await body().findByRole('alertdialog');
    await expect(within(dialog).getByRole('button', { name: 'Cancel request' })).toBeDisabled();
    await expect(within(dialog).getByRole('button', { name: 'Keep it' })).toBeDisabled();
  },
};
