import { act, render, screen } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readCurrencyCookie } from '../cookie';
import {
  CurrencyProvider,
  type CurrencyProviderProps,
  currencyAtom,
  useCurrency,
} from './currency-atom';

afterEach(() => {
  document.cookie = 'i18n_currency=; Max-Age=0; Path=/';
});

let pick: ((currency: string) => Promise<unknown>) | undefined;

function Price() {
  const { currency, setCurrency, format } = useCurrency();
  pick = setCurrency;
  return <p>{`${currency} ${format(1500)}`}</p>;
}

function app(props: CurrencyProviderProps, store = createStore()) {
  return (
    <Provider store={store}>
      <CurrencyProvider {...props}>
        <Price />
      </CurrencyProvider>
    </Provider>
  );
}

describe('useCurrency', () => {
  it('renders the stored choice on the server (no effects, no document needed)', () => {
    expect(renderToString(app({ initialChoice: 'EUR', localeCurrency: 'GBP' }))).toContain(
      'EUR €1,500',
    );
    expect(renderToString(app({ localeCurrency: 'GBP' }))).toContain('GBP £1,500');
    expect(renderToString(app({}))).toContain('USD US$1,500');
  });

  it('changes the currency, writes the cookie and saves through the callback', async () => {
    const saveOnServer = vi.fn(async () => undefined);
    render(app({ localeCurrency: 'EUR', saveOnServer }));
    expect(screen.getByText('EUR €1,500')).toBeInTheDocument();
    await act(() => pick?.('JPY'));
    expect(screen.getByText('JPY JP¥1,500')).toBeInTheDocument();
    expect(readCurrencyCookie()).toBe('JPY');
    expect(saveOnServer).toHaveBeenCalledWith('JPY');
    // Back to the locale default: the cookie is emptied.
    await act(() => pick?.('EUR'));
    expect(screen.getByText('EUR €1,500')).toBeInTheDocument();
    expect(readCurrencyCookie()).toBeUndefined();
  });

  it('rejects an unsupported currency and keeps the current one', async () => {
    render(app({}));
    await act(async () => {
      await expect(pick?.('RUB')).rejects.toThrow(RangeError);
    });
    expect(screen.getByText('USD US$1,500')).toBeInTheDocument();
  });

  it('keeps each store separate (one per request on the server)', async () => {
    const first = createStore();
    const second = createStore();
    render(app({ initialChoice: 'CAD' }, first));
    render(app({ initialChoice: 'AUD' }, second));
    expect(first.get(currencyAtom)).toBe('CAD');
    expect(second.get(currencyAtom)).toBe('AUD');
  });
});
