import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseCurrency } from './choose';
import { readCurrencyCookie, writeCurrencyCookie } from './cookie';

afterEach(() => {
  document.cookie = 'i18n_currency=; Max-Age=0; Path=/';
});

describe('currency cookie in the browser', () => {
  it('stores and reads a choice', () => {
    expect(readCurrencyCookie()).toBeUndefined();
    writeCurrencyCookie('EUR');
    expect(document.cookie).toContain('i18n_currency=EUR');
    expect(readCurrencyCookie()).toBe('EUR');
  });

  it('empties the cookie when the default is chosen', () => {
    writeCurrencyCookie('EUR');
    writeCurrencyCookie('USD');
    expect(readCurrencyCookie()).toBeUndefined();
    expect(document.cookie).not.toContain('i18n_currency=USD');
  });
});

describe('chooseCurrency', () => {
  it('stores the cookie, saves on the server and reloads when asked', async () => {
    const calls: string[] = [];
    const saveOnServer = vi.fn(async (currency: string) => {
      calls.push(`save ${currency} (cookie ${readCurrencyCookie()})`);
    });
    const reload = vi.fn(() => calls.push('reload'));
    await expect(chooseCurrency('gbp', { saveOnServer, reload })).resolves.toBe('GBP');
    expect(calls).toEqual(['save GBP (cookie GBP)', 'reload']);
  });

  it('reloads the page with reload: true', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { protocol: 'http:', reload });
    try {
      await chooseCurrency('CAD', { reload: true });
    } finally {
      vi.unstubAllGlobals();
    }
    expect(reload).toHaveBeenCalledTimes(1);
    expect(readCurrencyCookie()).toBe('CAD');
  });

  it('keeps anonymous visitors to the cookie and does not reload by default', async () => {
    await expect(chooseCurrency('AED')).resolves.toBe('AED');
    expect(readCurrencyCookie()).toBe('AED');
  });

  it('rejects an unknown or unoffered currency and stores nothing', async () => {
    const saveOnServer = vi.fn(async () => undefined);
    await expect(chooseCurrency('XYZ', { saveOnServer })).rejects.toThrow(RangeError);
    await expect(chooseCurrency('RUB', { saveOnServer })).rejects.toThrow('Unsupported currency');
    expect(saveOnServer).not.toHaveBeenCalled();
    expect(readCurrencyCookie()).toBeUndefined();
  });

  it('keeps the cookie and skips the reload when the server save fails', async () => {
    const reload = vi.fn();
    const failure = new Error('offline');
    await expect(
      chooseCurrency('EUR', { saveOnServer: () => Promise.reject(failure), reload }),
    ).rejects.toBe(failure);
    expect(readCurrencyCookie()).toBe('EUR');
    expect(reload).not.toHaveBeenCalled();
  });
});
