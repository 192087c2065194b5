import { Form } from '@gallop/ui-kit';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { WeightField } from '../components/weight-field/weight-field';
import { PhoneField } from '../components/form-fields/form-fields';
import { createFakeApi, fakeAnswers } from './testing/fake-api';
import { renderInApp } from './testing/render-in-app';
import { useVisitorUnits } from './visitor-units';
import type { VisitorPreferences } from './visitor';

/** The site info's country is the US (the edge's, or the default without a header). */
const siteInTheUs = () =>
  createFakeApi({
    ...fakeAnswers,
    '/spa/info': {
      ...(fakeAnswers['/spa/info'] as object),
      country: { id: 228, iso_code: 'US', currency: 'USD', name: 'United States' },
    },
  }).fetch;

const GERMANY = { id: 83, iso_code: 'DE' };

function Units() {
  return <p>Units: {useVisitorUnits()}</p>;
}

async function renderWeight(visitor: Partial<VisitorPreferences> = {}) {
  await renderInApp(
    <Form onSubmit={() => undefined} defaultValues={{ weight: '90.7', phone: '' }}>
      <WeightField name="weight" label="Weight" />
      <PhoneField name="phone" label="Phone" />
      <Units />
    </Form>,
    { fetch: siteInTheUs(), visitor },
  );
}

afterEach(() => {
  document.cookie = 'weight_unit=; Max-Age=0; Path=/';
});

describe("the visitor's country on the page", () => {
  it('weighs and measures in metric for a German visitor, whatever the site info says', async () => {
    await renderWeight({ country: GERMANY });
    expect(await screen.findByLabelText('Weight, kg', {}, { timeout: 5000 })).toHaveValue('90.7');
    expect(screen.getByText('Units: metric')).toBeInTheDocument();
    // The phone number starts in Germany's calling code.
    expect(screen.getByRole('button', { name: /^Country: Germany/ })).toBeInTheDocument();
  });

  it('weighs and measures in imperial for a visitor from the US', async () => {
    await renderWeight({ country: { id: 228, iso_code: 'US' } });
    expect(await screen.findByLabelText('Weight, lb', {}, { timeout: 5000 })).toHaveValue('200');
    expect(screen.getByText('Units: imperial')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Country: United States/ })).toBeInTheDocument();
  });
});

describe('a picked weight unit', () => {
  it('is kept in a cookie for a year', async () => {
    await renderWeight({ country: GERMANY });
    await screen.findByLabelText('Weight, kg', {}, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: 'Pounds' }));
    expect(screen.getByLabelText('Weight, lb')).toHaveValue('200');
    expect(document.cookie).toContain('weight_unit=lb');
  });

  it('is the unit the next page starts in (the server read it from the cookie)', async () => {
    await renderWeight({ country: GERMANY, weightUnit: 'lb' });
    expect(await screen.findByLabelText('Weight, lb', {}, { timeout: 5000 })).toHaveValue('200');
    // Only weights: the other units stay the country's.
    expect(screen.getByText('Units: metric')).toBeInTheDocument();
  });
});
