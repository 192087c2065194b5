import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../button/button';
import { ConfirmModal, type ConfirmModalProps } from './confirm-modal';

const meta = {
  title: 'Overlays/ConfirmModal',
  component: ConfirmModal,
  tags: ['autodocs'],
  // Docs page: each story in its own fixed-height frame, so an open dialog stays inside it
  // instead of covering the page and hiding it from screen readers (issue 48).
  parameters: { docs: { story: { inline: false, iframeHeight: '340px' } } },
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

function WithTrigger(args: ConfirmModalProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Remove from favourites</Button>
      <ConfirmModal
        {...args}
        isOpen={open}
        onConfirm={() => {
          args.onConfirm();
          setOpen(false);
        }}
        onCancel={() => {
          args.onCancel();
          setOpen(false);
        }}
      />
    </>
  );
}

/** Opening moves focus to Confirm; closing returns it to the button that opened the modal. */
export const FocusOnOpenAndClose: Story = {
  args: { isOpen: false },
  render: (args) => <WithTrigger {...args} />,
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Remove from favourites' });
    await userEvent.click(trigger);
    const dialog = await body().findByRole('alertdialog');
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Confirm' })).toHaveFocus(),
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body().queryByRole('alertdialog')).toBeNull());
    // react-aria restores focus a frame after the dialog unmounts.
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};
