import { useCurrency } from '@gallop/currency/react';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import './currency-switcher.css';

export interface CurrencySwitcherProps {
  /** Currencies the site offers (`/spa/info`); the switcher shows the current one alone without. */
  currencies: readonly string[];
  className?: string;
}

/**
 * The visitor's currency (docs/product.md, States): the choice goes to the `i18n_currency` cookie
 * for 365 days (emptied for the default, USD), then every query is fetched again, so the page's
 * prices come back converted by the API. A native select: small, and a good picker on phones.
 */
export function CurrencySwitcher({ currencies, className }: CurrencySwitcherProps) {
  const { currency, setCurrency } = useCurrency();
  const queryClient = useQueryClient();
  const [switching, setSwitching] = useState(false);
  const id = useId();
  const options = currencies.includes(currency) ? currencies : [currency, ...currencies];

  const choose = async (code: string) => {
    setSwitching(true);
    try {
      await setCurrency(code);
      // The API converts prices per call (X-Currency): ask again for everything on the page.
      await queryClient.invalidateQueries();
    } finally {
      setSwitching(false);
    }
  };

  return (
    <div className={['currency-switcher', className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className="currency-switcher__label">
        Currency
      </label>
      <select
        id={id}
        className="currency-switcher__select"
        value={currency}
        aria-busy={switching || undefined}
        onChange={(event) => void choose(event.target.value)}
      >
        {options.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </select>
    </div>
  );
}
