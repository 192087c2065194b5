import { type CurrencyContext, resolveCurrency } from './choice';
import { browser, writeCurrencyCookie } from './cookie';
import { type CurrencyCode, parseCurrency } from './currencies';

export interface ChooseCurrencyOptions extends CurrencyContext {
  /**
   * Saves the choice on the server. The app passes it only for a logged-in user (for example a
   * call to `/crm/api/user/set-currency`); anonymous visitors keep the cookie alone.
   */
  saveOnServer?: ((currency: CurrencyCode) => Promise<unknown>) | undefined;
  /** Reload the page after the choice is stored (optional, docs/product.md, States). */
  reload?: boolean | (() => void) | undefined;
}

/**
 * Applies a visitor's choice in the browser: stores it in the cookie (emptied for the default),
 * saves it on the server through the app's callback, then reloads the page if asked.
 * Resolves to the currency now in effect. Throws for an unknown or unavailable currency; when the
 * server save fails, the cookie keeps the choice and the error is passed on (no reload).
 */
export async function chooseCurrency(
  currency: string,
  options: ChooseCurrencyOptions = {},
): Promise<CurrencyCode> {
  const code = parseCurrency(currency);
  if (code === undefined || resolveCurrency(code, options) !== code) {
    throw new RangeError(`Unsupported currency: ${currency}`);
  }
  writeCurrencyCookie(code, options);
  await options.saveOnServer?.(code);
  if (typeof options.reload === 'function') options.reload();
  else if (options.reload === true) browser.location?.reload();
  return code;
}
