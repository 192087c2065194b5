import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../button/button';
import { Modal, type ModalProps } from './modal';

/** Opens from a button, like in the app; `args.isOpen` sets the starting state. */
function ModalDemo(args: ModalProps) {
  const [open, setOpen] = useState(args.isOpen);
  return (
    <>
      <Button theme="primary" onClick={() => setOpen(true)}>
        Open modal
      </Button>
      <Modal
        {...args}
        isOpen={open}
        onClose={() => {
          args.onClose?.();
          setOpen(false);
        }}
      />
    </>
  );
}

const meta = {
  title: 'Overlays/Modal',
  component: Modal,
  tags: ['autodocs'],
  // Docs page: each story in its own fixed-height frame, so an open dialog stays inside it
  // instead of covering the page and hiding it from screen readers (issue 48).
  parameters: { docs: { story: { inline: false, iframeHeight: '460px' } } },
  render: (args) => <ModalDemo {...args} />,
  args: {
    isOpen: true,
    onClose: fn(),
    title: 'Meeting point',
    children: (
      <p>
        The group meets at 9:00 at the stables of Tarbagatai village. The guide will call you the
        evening before.
      </p>
    ),
  },
  argTypes: {
    width: { control: { type: 'number', min: 280, max: 900, step: 20 } },
    persistent: { control: 'boolean' },
    children: { control: false },
    footer: { control: false },
  },
} satisfies Meta<typeof Modal>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

/** Open, 500 px wide by default; Escape closes and focus returns to the opener. */
export const Open: Story = {
  play: async ({ args, canvas }) => {
    const dialog = await body().findByRole('dialog', { name: 'Meeting point' });
    await expect(dialog.closest('.gk-modal')?.getBoundingClientRect().width).toBeLessThanOrEqual(
      500,
    );
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).toHaveBeenCalledOnce();
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    await userEvent.click(canvas.getByRole('button', { name: 'Open modal' }));
    const reopened = await body().findByRole('dialog');
    await waitFor(() => expect(reopened).toBeVisible());
  },
};

/** An overlay click closes a normal modal. */
export const OverlayClickCloses: Story = {
  play: async ({ args }) => {
    await body().findByRole('dialog');
    const overlay = document.querySelector<HTMLElement>('.gk-modal-overlay')!;
    await userEvent.pointer({ keys: '[MouseLeft]', target: overlay, coords: { x: 5, y: 5 } });
    await expect(args.onClose).toHaveBeenCalledOnce();
  },
};

/** Persistent: an overlay click does not close it, the modal flashes; Escape still closes. */
export const PersistentFlash: Story = {
  args: { persistent: true, title: 'Payment in progress', children: <p>Please wait…</p> },
  play: async ({ args }) => {
    const dialog = await body().findByRole('dialog', { name: 'Payment in progress' });
    const overlay = document.querySelector<HTMLElement>('.gk-modal-overlay')!;
    await userEvent.pointer({ keys: '[MouseLeft]', target: overlay, coords: { x: 5, y: 5 } });
    await expect(args.onClose).not.toHaveBeenCalled();
    await expect(dialog.closest('.gk-modal')).toHaveClass('gk-modal--flash');
    await waitFor(() => expect(dialog.closest('.gk-modal')).not.toHaveClass('gk-modal--flash'));
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).toHaveBeenCalledOnce();
  },
};

/** With footer actions; the width is a prop. */
export const WithFooter: Story = {
  args: {
    width: 600,
    title: 'Error while saving data',
    children: <p>The arrival details could not be saved. Please try again later.</p>,
    footer: <Button theme="primary">Try again</Button>,
  },
  play: async () => {
    const dialog = await body().findByRole('dialog', { name: 'Error while saving data' });
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeVisible(),
    );
  },
};

/** Uncontrolled: `defaultOpen` opens it and it closes itself; `onClose` still reports it. */
export const Uncontrolled: Story = {
  args: { isOpen: undefined, defaultOpen: true, title: 'New routes this season' },
  render: (args) => <Modal {...args} />,
  play: async ({ args }) => {
    await body().findByRole('dialog', { name: 'New routes this season' });
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).toHaveBeenCalledOnce();
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
  },
};
