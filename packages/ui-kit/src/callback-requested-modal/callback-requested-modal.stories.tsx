import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { CallbackRequestedModal } from './callback-requested-modal';

const meta = {
  title: 'Overlays/CallbackRequestedModal',
  component: CallbackRequestedModal,
  tags: ['autodocs'],
  // Docs page: each story in its own fixed-height frame, so an open dialog stays inside it
  // instead of covering the page and hiding it from screen readers (issue 48).
  parameters: { docs: { story: { inline: false, iframeHeight: '460px' } } },
  args: { isOpen: true, onClose: fn() },
} satisfies Meta<typeof CallbackRequestedModal>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialog = () => within(document.body).findByRole('dialog', { name: 'Callback requested' });

/** Variant 1: a text with the phone number we will call. */
export const WithPhone: Story = {
  args: { phone: '+44 20 7946 0958' },
  play: async ({ args }) => {
    const modal = await dialog();
    await expect(modal).toHaveTextContent('+44 20 7946 0958');
    await expect(modal.closest('.gk-modal')?.getBoundingClientRect().width).toBeLessThanOrEqual(
      480,
    );
    await userEvent.click(within(modal).getByRole('button', { name: 'Ok' }));
    await expect(args.onClose).toHaveBeenCalledOnce();
  },
};

/** Variant 2: a custom text. */
export const CustomText: Story = {
  args: { text: 'Thank you! Anna from Steppe Riders will call you within an hour.' },
  play: async () => {
    await expect(await dialog()).toHaveTextContent('Anna from Steppe Riders');
  },
};

/** Variant 3: neither, so 'Callback request successful!'. */
export const Success: Story = {
  play: async () => {
    await expect(await dialog()).toHaveTextContent('Callback request successful!');
  },
};
