import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useHydrateAtoms } from 'jotai/utils';
import { type ReactNode, useCallback, useEffect } from 'react';
import { resolveCurrency } from '../choice';
import { type ChooseCurrencyOptions, chooseCurrency } from '../choose';
import { type CurrencyCode, parseCurrency } from '../currencies';
import { formatPrice } from '../format';

/** What the app tells the currency layer: the locale's currency, the offered list, the server save. */
export type CurrencySettings = ChooseCurrencyOptions;

// Primitive atoms stay private; the derived `currencyAtom` is the public face (conventions.md).
const choiceAtom = atom<string | undefined>(undefined);
const settingsAtom = atom<CurrencySettings>({});

/**
 * The visitor's currency. Reading gives the resolved currency (cookie choice, else the locale's,
 * else USD); writing a code stores the choice (cookie, server save, optional reload) and resolves
 * when that is done.
 */
export const currencyAtom = atom(
  (get) => resolveCurrency(get(choiceAtom), get(settingsAtom)),
  async (get, set, currency: string): Promise<CurrencyCode> => {
    const settings = get(settingsAtom);
    const code = parseCurrency(currency);
    if (code === undefined || resolveCurrency(code, settings) !== code) {
      throw new RangeError(`Unsupported currency: ${currency}`);
    }
    // Show the new prices at once; the cookie and the server follow. A failed server save keeps
    // the choice (the cookie has it) and rejects, so the app can tell the visitor.
    set(choiceAtom, code);
    return chooseCurrency(code, settings);
  },
);

export interface CurrencyProviderProps extends CurrencySettings {
  /**
   * The stored choice for the first render: on the server `currencyFromCookieHeader(request
   * cookie header)`, in the browser the same value sent down with the page (or `readCurrencyCookie()`).
   */
  initialChoice?: string | undefined;
  children?: ReactNode;
}

/**
 * Puts the visitor's stored choice and the app's settings into the current jotai store. Render it
 * inside a per-request jotai `<Provider>` on the server, so requests never share a choice.
 */
export function CurrencyProvider({ initialChoice, children, ...settings }: CurrencyProviderProps) {
  useHydrateAtoms([
    [choiceAtom, initialChoice],
    [settingsAtom, settings],
  ] as const);
  const setSettings = useSetAtom(settingsAtom);
  const { localeCurrency, available, saveOnServer, reload } = settings;
  // Settings change after the first render, for example when the visitor logs in.
  useEffect(() => {
    setSettings({ localeCurrency, available, saveOnServer, reload });
  }, [setSettings, localeCurrency, available, saveOnServer, reload]);
  return children;
}

export interface UseCurrencyResult {
  currency: CurrencyCode;
  setCurrency: (currency: string) => Promise<CurrencyCode>;
  /** `formatPrice` in the visitor's currency. */
  format: (amount: number) => string;
}

export function useCurrency(): UseCurrencyResult {
  const currency = useAtomValue(currencyAtom);
  const setCurrency = useSetAtom(currencyAtom);
  const format = useCallback((amount: number) => formatPrice(amount, currency), [currency]);
  return { currency, setCurrency, format };
}
