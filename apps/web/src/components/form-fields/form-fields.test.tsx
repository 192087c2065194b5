import { Form } from '@gallop/ui-kit';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../lib/testing/render-in-app';
import { PhoneField, SelectField, TextareaField } from './form-fields';

function renderPhoneForm(onSubmit = vi.fn()) {
  render(
    <Form onSubmit={onSubmit} defaultValues={{ phone: '' }}>
      <PhoneField name="phone" label="Phone" rules="required|phone" />
      <button type="submit">Send</button>
    </Form>,
  );
  return { onSubmit, input: screen.getByRole('textbox', { name: 'Phone' }) };
}

describe('PhoneField', () => {
  it('takes a national number in the chosen country (Germany, 30 901820)', async () => {
    const { onSubmit, input } = renderPhoneForm();
    await userEvent.click(screen.getByRole('button', { name: /Country: United States/ }));
    // The country list's module loads on this first open.
    await userEvent.click(
      await screen.findByRole('option', { name: /Germany/ }, { timeout: 10_000 }),
    );
    await userEvent.clear(input);
    await userEvent.type(input, '30 901820');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ phone: '+4930901820' }, expect.anything()),
    );
    expect(screen.queryByText('Please enter a valid phone number')).not.toBeInTheDocument();
    // Opens the country dropdown (react-aria popover, search, flags): slow in a simulated DOM.
  }, 15_000);

  it('shows one message for a bad number: the rule’s, then the library’s', async () => {
    const { onSubmit, input } = renderPhoneForm();
    await userEvent.type(input, '+1 212');
    await userEvent.tab();
    expect(await screen.findByText('Please enter a valid phone number')).toBeInTheDocument();
    expect(screen.queryByText('Incorrect phone number')).not.toBeInTheDocument();

    await userEvent.clear(input);
    await userEvent.type(input, '+1 123 456 7890');
    await userEvent.tab();
    expect(await screen.findByText('Incorrect phone number')).toBeInTheDocument();
    expect(screen.queryByText('Please enter a valid phone number')).not.toBeInTheDocument();
    expect(input).toHaveAccessibleDescription('Incorrect phone number');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe("PhoneField's first country", () => {
  const GERMANY = { id: 83, iso_code: 'DE' };

  async function renderFor(phone: string) {
    await renderInApp(
      <Form onSubmit={vi.fn()} defaultValues={{ phone }}>
        <PhoneField name="phone" label="Phone" rules="phone" />
      </Form>,
      { visitor: { country: GERMANY } },
    );
    return screen.findByRole('button', { name: /^Country: / });
  }

  it("is the visitor's country for an empty field", async () => {
    expect(await renderFor('')).toHaveAccessibleName('Country: Germany, DE +49');
  });

  it("is the prefilled number's country, with nothing to confirm", async () => {
    expect(await renderFor('+442079460958')).toHaveAccessibleName(/^Country: United Kingdom/);
    expect(screen.queryByText(/This number belongs to/)).toBeNull();
  });
});

const LEVELS = [
  { value: '', label: 'Not given' },
  { value: 'novice', label: 'Novice' },
  { value: 'expert', label: 'Expert' },
];

function renderSelectForm(props: { rules?: string; hint?: string } = {}) {
  const onSubmit = vi.fn();
  render(
    <Form onSubmit={onSubmit} defaultValues={{ level: '' }}>
      <SelectField
        name="level"
        label="Rider level"
        options={LEVELS}
        messages={{ required: 'Choose a level' }}
        {...props}
      />
      <button type="submit">Send</button>
    </Form>,
  );
  return { onSubmit, select: screen.getByRole('combobox', { name: 'Rider level' }) };
}

describe('SelectField', () => {
  it('offers its options in order and submits the chosen value', async () => {
    const { onSubmit, select } = renderSelectForm({ hint: 'Optional' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Not given', 'Novice', 'Expert']);
    expect(select).toHaveValue('');
    expect(select).toHaveAccessibleDescription('Optional');
    await userEvent.selectOptions(select, 'Expert');
    expect(select).toHaveValue('expert');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ level: 'expert' }, expect.anything()),
    );
  });

  it('says what is wrong on the select itself, and clears it once an option is chosen', async () => {
    const { onSubmit, select } = renderSelectForm({ rules: 'required' });
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Choose a level')).toBeInTheDocument();
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('Choose a level');
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.selectOptions(select, 'Novice');
    await userEvent.tab();
    await waitFor(() => expect(screen.queryByText('Choose a level')).not.toBeInTheDocument());
    expect(select).toHaveAttribute('aria-invalid', 'false');
  });
});

describe('TextareaField', () => {
  it('takes several lines, and says what is wrong on the text area itself', async () => {
    const onSubmit = vi.fn();
    render(
      <Form onSubmit={onSubmit} defaultValues={{ comment: '' }}>
        <TextareaField name="comment" label="Comment" rules="required|max:12" rows={3} />
        <button type="submit">Send</button>
      </Form>,
    );
    const textarea = screen.getByRole('textbox', { name: 'Comment' });
    expect(textarea).toHaveAttribute('rows', '3');
    await userEvent.type(textarea, 'far too long a comment');
    await userEvent.tab();
    expect(textarea).toHaveAttribute('aria-invalid', 'true');
    expect(textarea).toHaveAccessibleDescription(/12/);
    await userEvent.clear(textarea);
    await userEvent.type(textarea, 'Two{enter}lines');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ comment: 'Two\nlines' }, expect.anything()),
    );
  });
});
