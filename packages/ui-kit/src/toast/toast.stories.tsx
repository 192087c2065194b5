import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../button/button';
import { TOAST_TYPES, ToastProvider, useToast, type ToastType } from './toast';

const messages: Record<ToastType, string> = {
  success: 'Your booking request was sent to the organizer.',
  error: 'Payment failed. Your card was not charged.',
  warning: 'Only 2 seats left on these dates.',
  info: 'Prices are shown in USD.',
};

function Triggers({ duration }: { duration?: number }) {
  const toast = useToast();
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12 }}>
      {TOAST_TYPES.map((type) => (
        <Button key={type} onClick={() => toast.show({ type, message: messages[type], duration })}>
          {`Show ${type}`}
        </Button>
      ))}
    </div>
  );
}

interface DemoProps {
  /** Ms before a toast closes itself (default 7000; 0 keeps it). */
  duration?: number;
}

function ToastDemo({ duration }: DemoProps) {
  return (
    <ToastProvider>
      <Triggers duration={duration} />
    </ToastProvider>
  );
}

const meta = {
  title: 'Overlays/Toast',
  component: ToastDemo,
  tags: ['autodocs'],
  parameters: {
    layout: 'padded',
    // The demo wraps the real API: `ToastProvider` once at the root, `useToast()` below it.
    docs: {
      description: {
        component: `Short messages about the outcome of an action. Render \`<ToastProvider>\` once
near the root of the app; any component under it calls \`useToast()\` to show one. Toasts stack
at the bottom of the window and close themselves after 7000 ms (\`TOAST_DURATION\`); success and
info are polite status messages, error and warning are alerts.

**Usage.** Do confirm the action the user just took in one short sentence (Saved, Payment
failed). Don't put the only copy of important information or a required action in a toast (use a
Modal or the page), or show several toasts for one action.

### \`ToastProvider\` props

| prop | type | default | description |
| --- | --- | --- | --- |
| \`children\` | \`ReactNode\` | | The app, or the part of it that shows toasts. |
| \`regionLabel\` | \`string\` | \`'Notifications'\` | Accessible name of the region that holds the toasts. |
| \`closeLabel\` | \`string\` | \`'Close'\` | Accessible name of each toast's close button. |

### \`useToast(): ToastApi\`

Throws when there is no \`ToastProvider\` above the component.

| method | description |
| --- | --- |
| \`show(options: ToastOptions): string\` | Shows a toast and returns its id. |
| \`success(message, options?)\`, \`error(…)\`, \`warning(…)\`, \`info(…)\` | Shows a toast of that type; \`options\` takes \`title\` and \`duration\`. Returns its id. |
| \`dismiss(id: string)\` | Closes the toast with this id. |

### \`ToastOptions\`

| option | type | default | description |
| --- | --- | --- | --- |
| \`message\` | \`ReactNode\` | (required) | The text of the toast. |
| \`type\` | \`'success' \\| 'error' \\| 'warning' \\| 'info'\` | \`'info'\` | Its colour, icon and how it is announced. |
| \`title\` | \`string\` | | A bold first line. |
| \`duration\` | \`number\` | \`7000\` | Ms before it closes itself; \`0\` keeps it until closed. |

\`\`\`tsx
const toast = useToast();
toast.success('Removed from favourites');
toast.show({ type: 'error', title: 'Payment failed', message: 'Your card was not charged.', duration: 0 });
\`\`\``,
      },
    },
  },
} satisfies Meta<typeof ToastDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The four types: success and info are polite status messages, error and warning alerts. */
export const Types: Story = {
  args: { duration: 0 },
  play: async ({ canvas }) => {
    for (const type of TOAST_TYPES) {
      await userEvent.click(canvas.getByRole('button', { name: `Show ${type}` }));
    }
    const region = within(canvas.getByRole('region', { name: 'Notifications' }));
    await expect(region.getAllByRole('status')).toHaveLength(2);
    await expect(region.getAllByRole('alert')).toHaveLength(2);
    await userEvent.click(region.getAllByRole('button', { name: 'Close' })[0]!);
    await expect(region.getAllByRole('status')).toHaveLength(1);
  },
};

/** Closes itself: 7000 ms by default (here 600 ms so the test stays short). */
export const Timeout: Story = {
  args: { duration: 600 },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Show success' }));
    const region = within(canvas.getByRole('region', { name: 'Notifications' }));
    await expect(region.getByRole('status')).toHaveTextContent(messages.success);
    await waitFor(() => expect(region.queryByRole('status')).toBeNull(), { timeout: 2000 });
  },
};
