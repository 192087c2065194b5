import { CurrencyProvider } from '@gallop/currency/react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import { CurrencySwitcher } from './currency-switcher';

afterEach(() => {
  document.cookie = 'i18n_currency=; Max-Age=0; Path=/';
});

describe('CurrencySwitcher', () => {
  it("offers the site's currencies, stores the choice and asks the API again", async () => {
    const { queryClient } = await renderInApp(
      <CurrencyProvider available={['USD', 'EUR', 'GBP']}>
        <CurrencySwitcher currencies={['USD', 'EUR', 'GBP']} />
      </CurrencyProvider>,
    );
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const select = await screen.findByRole('combobox', { name: 'Currency' });
    expect(select).toHaveValue('USD');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'USD',
      'EUR',
      'GBP',
    ]);

    fireEvent.change(select, { target: { value: 'EUR' } });

    await waitFor(() => expect(invalidate).toHaveBeenCalled());
    expect(select).toHaveValue('EUR');
    expect(document.cookie).toContain('i18n_currency=EUR');

    // The default empties the cookie (docs/product.md, States).
    fireEvent.change(select, { target: { value: 'USD' } });
    await waitFor(() => expect(document.cookie).not.toContain('i18n_currency=EUR'));
    expect(select).toHaveValue('USD');
  });

  it('shows the stored choice from the first render', async () => {
    await renderInApp(
      <CurrencyProvider initialChoice="GBP">
        <CurrencySwitcher currencies={['USD', 'EUR', 'GBP']} />
      </CurrencyProvider>,
    );
    expect(await screen.findByRole('combobox', { name: 'Currency' })).toHaveValue('GBP');
  });
});
