import { listCountryOptionsQueryOptions } from '@gallop/api-client/query';
import { useCurrency } from '@gallop/currency/react';
import {
  AVAILABLE_LOCALES,
  DEFAULT_LOCALE,
  localeCookie,
  localizePath,
  type Locale,
} from '@gallop/i18n';
import { Select } from '@gallop/ui-kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useMemo } from 'react';
import { clientLocale, useApi } from '../../../../lib/api';
import { countryCookie } from '../../../../lib/country-cookie';
import { useSiteInfo } from '../../../../lib/site-info';
import { useSend } from '../../../../lib/use-send';
import { changeCountry, saveLanguage, type UserProfile } from '../../api';
import { useSession } from '../../session';
import { FormFailure } from '../auth-card/auth-card';

const isHttps = () => window.location.protocol === 'https:';

/** A locale's name in its own language: English, Deutsch … */
function localeName(locale: Locale): string {
  const language = clientLocale(locale).iso;
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(language) ?? locale;
  } catch {
    return locale;
  }
}

/**
 * Country, language and currency, each saved as soon as it is chosen, the way the site's own
 * switches keep them: the country in its cookie (the account then follows it on every visit),
 * the language in the locale cookie with a page load in that language, the currency in its cookie
 * with the page's prices asked again. The account keeps each one too (`change-country`,
 * `set-language`, `set-currency`).
 */
export function RegionSection({ user }: { user: UserProfile }) {
  const api = useApi();
  const router = useRouter();
  const queryClient = useQueryClient();
  const { setUser } = useSession();
  const { currency, setCurrency } = useCurrency();
  // `useQuery`: the country choices fill in when they arrive; the section shows without them.
  const countries = useQuery(listCountryOptionsQueryOptions(api));
  const currencies = useSiteInfo()?.currencies;
  const locale: Locale = router.options.context.locale ?? DEFAULT_LOCALE;
  const saving = useSend<string>();

  const countryItems = useMemo(
    () => (countries.data?.items ?? []).map(({ id, name }) => ({ value: id, text: name })),
    [countries.data],
  );
  const languageItems = useMemo(
    () => AVAILABLE_LOCALES.map((value) => ({ value, text: localeName(value) })),
    [],
  );
  const currencyItems = useMemo(() => {
    const offered: readonly string[] = currencies ?? [];
    const codes = offered.includes(currency) ? offered : [currency, ...offered];
    return codes.map((code) => ({ value: code, text: code }));
  }, [currencies, currency]);

  const chooseCountry = (countryId: number) =>
    saving.send(async () => {
      setUser(await changeCountry(api, countryId));
      document.cookie = countryCookie(countryId, isHttps());
      return 'Your country is saved.';
    });

  const chooseLanguage = (next: Locale) =>
    saving.send(async () => {
      await saveLanguage(api, clientLocale(next).iso);
      setUser({ ...user, language_code: clientLocale(next).iso });
      document.cookie = localeCookie(next, { secure: isHttps() });
      // Another interface language is another address: the page comes again from the server.
      if (next !== locale) window.location.assign(localizePath(window.location.pathname, next));
      return 'Your language is saved.';
    });

  const chooseCurrency = (code: string) =>
    saving.send(async () => {
      // The cookie, and for a signed-in traveller the account (`set-currency`), as the header's
      // switch does; then every price on the page is asked again in the new currency.
      await setCurrency(code);
      await queryClient.invalidateQueries();
      return 'Your currency is saved.';
    });

  return (
    <section className="account-settings__section" aria-labelledby="settings-region">
      <h2 id="settings-region">Country, language and currency</h2>
      <div className="account-form">
        <Select
          label="Country"
          items={countryItems}
          value={user.country?.id ?? null}
          placeholder={countries.isPending ? 'Loading...' : 'Choose your country'}
          isDisabled={saving.sending || countryItems.length === 0}
          searchable
          searchLabel="Search countries"
          onChange={(value) => void chooseCountry(Number(value))}
        />
        <div className="account-form__row">
          <Select
            label="Language"
            items={languageItems}
            value={locale}
            isDisabled={saving.sending}
            onChange={(value) => void chooseLanguage(value as Locale)}
          />
          <Select
            label="Currency"
            items={currencyItems}
            value={currency}
            isDisabled={saving.sending}
            onChange={(value) => void chooseCurrency(String(value))}
          />
        </div>
        <FormFailure text={saving.failure} />
        {saving.done && !saving.sending && !saving.failure && (
          <p className="account-form__success" role="status">
            {saving.done.result}
          </p>
        )}
      </div>
    </section>
  );
}
