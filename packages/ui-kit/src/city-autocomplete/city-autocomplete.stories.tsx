import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { CityAutocomplete, type City } from './city-autocomplete';

const CITIES: City[] = [
  { id: 1, name: 'Almaty', country: 'Kazakhstan' },
  { id: 2, name: 'Astana', country: 'Kazakhstan' },
  { id: 3, name: 'Bishkek', country: 'Kyrgyzstan' },
  { id: 4, name: 'Ulaanbaatar', country: 'Mongolia' },
  { id: 5, name: 'Tbilisi', country: 'Georgia' },
  { id: 6, name: 'Yerevan', country: 'Armenia' },
];

/** Stands in for the API's city search. */
const searchCities = (query: string) =>
  Promise.resolve(CITIES.filter((city) => city.name.toLowerCase().includes(query.toLowerCase())));

const meta = {
  title: 'Forms/CityAutocomplete',
  tags: ['autodocs'],
  component: CityAutocomplete,
  args: { value: null, onChange: fn(), searchCities: fn(searchCities), onCreate: fn() },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 360, minHeight: 320 }}>
        <Story />
      </div>
    ),
  ],
  render: function Render(args) {
    const [value, setValue] = useState<City | null>(args.value ?? null);
    return (
      <CityAutocomplete
        {...args}
        value={value}
        onChange={(city) => {
          setValue(city);
          args.onChange?.(city);
        }}
      />
    );
  },
} satisfies Meta<typeof CityAutocomplete>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Typing searches (debounced 200 ms); picking fills the field. */
export const Search: Story = {
  play: async ({ args, canvas }) => {
    const input = canvas.getByRole('combobox', { name: 'Select city' });
    await userEvent.type(input, 'tbi');
    await waitFor(() => expect(args.searchCities).toHaveBeenLastCalledWith('tbi'));
    await userEvent.click(await screen.findByRole('option', { name: /Tbilisi/ }));
    await expect(args.onChange).toHaveBeenCalledWith(CITIES[4]);
    await expect(input).toHaveValue('Tbilisi');
  },
};

/** No match: offers to add the typed city. */
export const CreateNew: Story = {
  play: async ({ args, canvas }) => {
    await userEvent.type(canvas.getByRole('combobox'), 'Karakol');
    await userEvent.click(await screen.findByRole('option', { name: 'Add “Karakol”' }));
    await expect(args.onCreate).toHaveBeenCalledWith('Karakol');
  },
};

/** Escape closes the list and puts the chosen city back in the field. */
export const EscapeKeepsTheChoice: Story = {
  args: { value: CITIES[3]! },
  play: async ({ args, canvas }) => {
    const input = canvas.getByRole('combobox', { name: 'Select city' });
    await expect(input).toHaveValue('Ulaanbaatar');
    await userEvent.type(input, ' east');
    await waitFor(() => expect(screen.getByRole('listbox')).toBeVisible());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await expect(input).toHaveValue('Ulaanbaatar');
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

/** Without `value`, the field keeps its own choice (`defaultValue`, uncontrolled). */
export const Uncontrolled: Story = {
  render: (args) => (
    <CityAutocomplete
      defaultValue={CITIES[4]!}
      onChange={args.onChange}
      searchCities={args.searchCities}
    />
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: 'Select city' })).toHaveValue('Tbilisi');
  },
};
