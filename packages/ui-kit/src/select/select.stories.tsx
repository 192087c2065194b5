import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Select } from './select';

const destinations = [
  { name: 'Europe', header: true },
  { name: 'Iceland', code: 'IS' },
  { name: 'Portugal', code: 'PT' },
  { name: 'Spain', code: 'ES' },
  { name: 'Asia', header: true },
  { name: 'Mongolia', code: 'MN' },
  { name: 'Kyrgyzstan', code: 'KG' },
  { name: 'Americas', header: true },
  { name: 'Argentina', code: 'AR', disabled: true },
];

const meta = {
  title: 'Basics/Select',
  component: Select,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  args: {
    label: 'Destination',
    items: destinations,
    textKey: 'name',
    valueKey: 'code',
    onChange: fn(),
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 320, minHeight: 420 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Select>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Empty: the placeholder; header-only entries group the options. Keyboard picks a value. */
export const Placeholder: Story = {
  play: async ({ canvas, args }) => {
    const trigger = canvas.getByRole('button', { name: /Destination/ });
    await expect(trigger).toHaveTextContent('Select');
    await userEvent.tab();
    await userEvent.keyboard('{ArrowDown}');
    const listbox = await within(document.body).findByRole('listbox');
    await expect(within(listbox).getAllByRole('group')).toHaveLength(3);
    await expect(within(listbox).queryByRole('option', { name: 'Europe' })).toBeNull();
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(args.onChange).toHaveBeenCalledWith('PT', destinations[2]);
    await expect(trigger).toHaveTextContent('Portugal');
  },
};

/** With a value, and plain `text`/`value` keys. */
export const WithValue: Story = {
  args: {
    label: 'Duration',
    items: [
      { text: '1-3 days', value: 1 },
      { text: '4-7 days', value: 2 },
      { text: '8+ days', value: 3 },
    ],
    textKey: undefined,
    valueKey: undefined,
    defaultValue: 2,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /Duration/ })).toHaveTextContent('4-7 days');
  },
};

export const Invalid: Story = {
  args: { isInvalid: true, errorMessage: 'Required field' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Required field')).toBeVisible();
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /Destination/ })).toBeDisabled();
  },
};

/** A long list with a search box: typing filters the options, ignoring case and accents. */
export const Searchable: Story = {
  args: {
    label: 'Country',
    searchable: true,
    searchLabel: 'Search countries',
    description: 'Where you live',
    items: [
      { name: 'Germany', code: 'DE' },
      { name: 'Iceland', code: 'IS' },
      { name: 'São Tomé & Príncipe', code: 'ST' },
      { name: 'Sweden', code: 'SE' },
    ],
  },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Country/ }));
    const search = await within(document.body).findByRole('searchbox', {
      name: 'Search countries',
    });
    await userEvent.type(search, 'sao');
    const listbox = within(document.body).getByRole('listbox');
    await expect(within(listbox).getAllByRole('option')).toHaveLength(1);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(args.onChange).toHaveBeenCalledWith('ST', expect.objectContaining({ code: 'ST' }));
  },
};
