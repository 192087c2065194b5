import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { PhoneInput } from './phone-input';

const meta = {
  title: 'Forms/PhoneInput',
  tags: ['autodocs'],
  component: PhoneInput,
  args: { label: 'Phone', onChange: fn(), onCountryChange: fn() },
  argTypes: { locale: { control: 'inline-radio', options: ['en-US', 'ru', 'de'] } },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 420, minHeight: 440 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof PhoneInput>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Letters are blocked; the field stops at 18 characters. */
export const Typing: Story = {
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Phone' });
    await userEvent.type(input, '+1 (212) abc 736-3100');
    await expect(input).toHaveValue('+1 (212)  736-3100');
    await expect(input).toHaveAttribute('maxlength', '18');
  },
};

/** The dropdown lists primary countries until a search term is typed. */
export const CountryDropdown: Story = {
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /United States/ }));
    const listbox = await screen.findByRole('listbox', {}, { timeout: 5_000 });
    await expect(within(listbox).getAllByRole('option')).toHaveLength(10);
    const search = screen.getByRole('searchbox', { name: 'Search country' });
    await waitFor(() => expect(search).toHaveFocus());
    await expect(
      search.closest('.gk-phone-input__popover')!.getBoundingClientRect().width,
    ).toBeGreaterThanOrEqual(280);
    await userEvent.keyboard('kaz');
    await waitFor(() =>
      expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(1),
    );
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(args.onCountryChange).toHaveBeenCalledWith('KZ');
    await expect(canvas.getByRole('textbox', { name: 'Phone' })).toHaveValue('+7');
  },
};

/** A number from another country asks to confirm: 'This number belongs to {country}'. */
export const CountryMismatch: Story = {
  play: async ({ args, canvas }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Phone' }), '+49 30 901820');
    await expect(await canvas.findByText(/This number belongs to Germany/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Confirm' }));
    await expect(args.onCountryChange).toHaveBeenCalledWith('DE');
  },
};

/** A wrong number shows 'Incorrect phone number' after leaving the field. */
export const Invalid: Story = {
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Phone' }), '+1 212');
    await userEvent.tab();
    await expect(await canvas.findByText('Incorrect phone number')).toBeVisible();
  },
};

/** Russian list and trunk prefix: a leading +8 becomes 8. */
export const Russian: Story = {
  args: { locale: 'ru', defaultCountry: 'RU' },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Phone' });
    await userEvent.type(input, '+89123456789');
    await expect(input).toHaveValue('89123456789');
    await expect(canvas.getByRole('button', { name: /Россия/ })).toBeVisible();
  },
};

export const German: Story = { args: { locale: 'de', defaultCountry: 'DE' } };

/** A national number is read in the chosen country and reported in international form. */
export const NationalNumber: Story = {
  args: { defaultCountry: 'DE' },
  play: async ({ args, canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Phone' });
    await userEvent.type(input, '30 901820');
    await userEvent.tab();
    await expect(input).toHaveValue('30 901820');
    await expect(args.onChange).toHaveBeenLastCalledWith('+4930901820');
    await expect(canvas.queryByText('Incorrect phone number')).toBeNull();
  },
};
