import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState, type ComponentType } from 'react';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { Datepicker, type DatepickerBaseProps, type DateRangeValue } from './datepicker';

const today = new Date(2026, 4, 13);

const meta = {
  title: 'Forms/Datepicker',
  tags: ['autodocs'],
  // Docs page: each story in its own fixed-height frame, so an open dialog stays inside it
  // instead of covering the page and hiding it from screen readers (issue 48).
  parameters: { docs: { story: { inline: false, iframeHeight: '600px' } } },
  // The props are a union over `mode`; the docs table shows the shared ones.
  component: Datepicker as ComponentType<DatepickerBaseProps>,
  args: { today },
  argTypes: { locale: { control: 'inline-radio', options: ['en-US', 'ru', 'de', 'zh-CN'] } },
  decorators: [
    (Story) => (
      <div style={{ minHeight: 520 }}>
        <Story />
      </div>
    ),
  ],
  render: function Render(args) {
    const [value, setValue] = useState<string | null>(null);
    return <Datepicker {...args} mode="single" value={value} onChange={setValue} />;
  },
} satisfies Meta<DatepickerBaseProps>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Single date: pick, Apply commits, the button shows the date. */
export const Single: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Select dates' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select dates' });
    await expect(within(dialog).getAllByRole('gridcell')).toHaveLength(42);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Wednesday, May 20, 2026' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(canvas.getByRole('button', { name: 'May 20, 2026' })).toBeVisible());
  },
};

/**
 * Keyboard: opening focuses the day; arrows move by day and week, PageDown by month, Shift+PageDown
 * by year; Esc closes without applying.
 */
export const Keyboard: Story = {
  args: { defaultOpen: true },
  play: async ({ canvas }) => {
    const first = await screen.findByRole('button', { name: 'Wednesday, May 13, 2026' });
    await waitFor(() => expect(first).toHaveFocus());
    await userEvent.keyboard('{ArrowRight}{ArrowDown}');
    await expect(screen.getByRole('button', { name: 'Thursday, May 21, 2026' })).toHaveFocus();
    await userEvent.keyboard('{PageDown}');
    await expect(screen.getByRole('grid', { name: 'June 2026' })).toBeVisible();
    await userEvent.keyboard('{Shift>}{PageDown}{/Shift}');
    await expect(screen.getByRole('button', { name: 'Monday, June 21, 2027' })).toHaveFocus();
    await userEvent.keyboard('{Enter}{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(canvas.getByRole('button', { name: 'Select dates' })).toBeVisible();
  },
};

/** Range over two months, with min 'today' and a max date. */
export const RangeTwoMonths: Story = {
  args: { monthCount: 2, min: 'today', max: '2026-07-31', defaultOpen: true },
  render: function Render(args) {
    const [value, setValue] = useState<DateRangeValue>({ start: null, end: null });
    return <Datepicker {...args} mode="range" value={value} onChange={setValue} />;
  },
  play: async () => {
    await expect(await screen.findAllByRole('grid')).toHaveLength(2);
    await expect(screen.getByRole('button', { name: 'Tuesday, May 12, 2026' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Thursday, May 28, 2026' }));
    await userEvent.click(screen.getByRole('button', { name: 'Wednesday, June 3, 2026' }));
    // React Aria names the days of the chosen range "… selected".
    await expect(
      screen.getByRole('button', { name: 'Sunday, May 31, 2026 selected' }).closest('td'),
    ).toHaveAttribute('aria-selected', 'true');
  },
};

/** Russian date locale: the week starts on Monday. */
export const MondayFirst: Story = {
  args: { locale: 'ru', defaultOpen: true },
  play: async () => {
    const grid = await screen.findByRole('grid');
    await expect(within(grid).getAllByRole('columnheader')[0]).toHaveTextContent(/пн/i);
  },
};

/** Phones (below md 992): the calendar opens in the bottom Sheet; Apply commits, focus returns. */
export const PhoneSheet: Story = {
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('button', { name: 'Select dates' });
    await userEvent.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'Select dates' });
    await expect(dialog.closest('.gk-sheet')).not.toBeNull();
    await expect(document.querySelector('.gk-datepicker__popover')).toBeNull();
    await expect(within(dialog).getAllByRole('gridcell')).toHaveLength(42);
    // The 7 day columns share the phone's width.
    const sheetWidth = dialog.getBoundingClientRect().width;
    await expect(within(dialog).getByRole('grid').getBoundingClientRect().width).toBeGreaterThan(
      sheetWidth * 0.8,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Wednesday, May 20, 2026' }));
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(canvas.getByRole('button', { name: 'May 20, 2026' })).toHaveFocus());
  },
};

/** From md (992) up the same button opens a popover under it. */
export const DesktopPopover: Story = {
  globals: { viewport: { value: 'desktop' } },
  args: { defaultOpen: true },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Select dates' });
    await expect(dialog.closest('.gk-datepicker__popover')).not.toBeNull();
    await expect(dialog.closest('.gk-sheet')).toBeNull();
  },
};

/** The sheet as a phone shows it, open. */
export const PhoneSheetOpen: Story = {
  globals: { viewport: { value: 'phone' } },
  args: { defaultOpen: true },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Select dates' });
    await expect(dialog.closest('.gk-sheet')).not.toBeNull();
    // Visible once the sheet has slid up.
    await waitFor(() =>
      expect(within(dialog).getByRole('grid', { name: 'May 2026' })).toBeVisible(),
    );
  },
};
