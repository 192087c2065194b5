import { Form } from '@gallop/ui-kit';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../lib/testing/render-in-app';
import type { VisitorPreferences } from '../../lib/visitor';
import { weightUnitOf } from '../../lib/weight-unit';
import { weightText, weightValue, WeightField } from './weight-field';

/** A visitor in the US (country 228, not metric), as the server's render found them. */
const inTheUs = () => ({ country: { id: 228, iso_code: 'US' } });

async function renderWeightForm({
  weight = '',
  visitor,
}: { weight?: string; visitor?: Partial<VisitorPreferences> } = {}) {
  const onSubmit = vi.fn();
  await renderInApp(
    <Form onSubmit={onSubmit} defaultValues={{ weight }}>
      <WeightField name="weight" label="Weight" required />
      <button type="submit">Send</button>
    </Form>,
    visitor ? { visitor } : {},
  );
  return { onSubmit };
}

describe('weight values', () => {
  it('keeps kilograms to a tenth, shows pounds whole, and keeps what is not a number', () => {
    expect(weightValue('200', 'lb')).toBe('90.7');
    expect(weightValue('82,46', 'kg')).toBe('82.5');
    expect(weightValue('', 'lb')).toBe('');
    expect(weightText('90.7', 'lb')).toBe('200');
    expect(weightText('82.5', 'kg')).toBe('82.5');
    expect(weightText('', 'kg')).toBe('');
  });

  it('weighs in pounds in the three countries that are not metric', () => {
    expect(weightUnitOf(228)).toBe('lb');
    expect(weightUnitOf(31)).toBe('lb');
    expect(weightUnitOf(81)).toBe('kg');
    expect(weightUnitOf(undefined)).toBe('kg');
  });
});

describe('WeightField', () => {
  it('takes pounds from a visitor in the US and keeps kilograms', async () => {
    const { onSubmit } = await renderWeightForm({ visitor: inTheUs() });
    const field = await screen.findByLabelText('Weight, lb', {}, { timeout: 5000 });
    fireEvent.change(field, { target: { value: '200' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ weight: '90.7' }, expect.anything()),
    );
    expect(screen.getByRole('button', { name: 'Pounds' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('switches to kilograms beside the field and shows the weight in them', async () => {
    await renderWeightForm({ weight: '90.7', visitor: inTheUs() });
    expect(await screen.findByLabelText('Weight, lb', {}, { timeout: 5000 })).toHaveValue('200');
    fireEvent.click(screen.getByRole('button', { name: 'Kilograms' }));
    expect(screen.getByLabelText('Weight, kg')).toHaveValue('90.7');
    expect(screen.getByRole('button', { name: 'Kilograms' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('says the range in the unit shown', async () => {
    const { onSubmit } = await renderWeightForm({ visitor: inTheUs() });
    const field = await screen.findByLabelText('Weight, lb', {}, { timeout: 5000 });
    fireEvent.change(field, { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription('Between 45 and 440 lb'));
    fireEvent.click(screen.getByRole('button', { name: 'Kilograms' }));
    const kilograms = screen.getByLabelText('Weight, kg');
    fireEvent.change(kilograms, { target: { value: '250' } });
    await waitFor(() => expect(kilograms).toHaveAccessibleDescription('Between 20 and 200 kg'));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('weighs in kilograms elsewhere, as typed', async () => {
    const { onSubmit } = await renderWeightForm();
    const field = await screen.findByLabelText('Weight, kg', {}, { timeout: 5000 });
    fireEvent.change(field, { target: { value: '82.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ weight: '82.5' }, expect.anything()),
    );
  });
});
