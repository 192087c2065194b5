/**
 * A signed-in traveller's account follows the country and the language the site uses
 * (docs/product.md, States, "Session": an account whose country differs from the current one is
 * updated to it; Calls, `change-country` and `set-language`). The profile query is watched
 * (keyed by the contract, `GET /crm/api/user/profile`, as the account feature keys it), so a profile
 * restored at start and one that arrives with a sign-in are both compared. A call is made only
 * when the account holds something else, and at most once a page load for a value: a refused one
 * is logged, and not asked again on every refetch of the profile. A session an administrator
 * opened (`is_admin_auth`) leaves the account alone: their country and language are not the
 * traveller's.
 */
import type { components, GallopClient } from '@gallop/api-client';
import { getProfileQueryOptions } from '@gallop/api-client/query';
import { DEFAULT_LOCALE, LOCALE_COOKIE, type Locale } from '@gallop/i18n';
import type { QueryClient } from '@tanstack/react-query';
import { parse } from 'cookie';
import { clientLocale } from '../../lib/api';
import { countryIdFromCookies } from '../../lib/country-cookie';
import { hasSession } from '../../lib/session-tokens';

type UserProfile = components['schemas']['UserProfile'];

export interface SiteChoices {
  /**
   * The visitor's country when known (`country_id` cookie, or the edge's): undefined for a guessed
   * one, which leaves the account's alone (decision 161). A country the traveller chooses later on
   * the page (account settings) is read from the cookie instead.
   */
  countryId?: number | undefined;
  /** The interface locale when the visitor chose it (`chosenLocale`); a guessed one is not saved. */
  locale?: Locale | undefined;
}

/**
 * The page's locale when the visitor chose it: its path prefix or the locale cookie. The default
 * (or one matched from the browser's languages) is not a choice, as the default currency is not
 * (docs/product.md, States, "Currency"). A switch of locale always loads a page from the server,
 * since the root route sends an address of another locale back to the page's own
 * (`locale-path.ts`).
 */
export function chosenLocale(locale: Locale, cookieHeader: string): Locale | undefined {
  // Every locale but the default has a path prefix: its page was asked for by its address.
  if (locale !== DEFAULT_LOCALE) return locale;
  return parse(cookieHeader)[LOCALE_COOKIE] === locale ? locale : undefined;
}

/** The account's language is the locale's (`en` or `en-US` for en-US). */
function speaks(profile: UserProfile, locale: Locale): boolean {
  return profile.language_code === clientLocale(locale).iso || profile.language_code === locale;
}

/** Starts comparing the signed-in account with `site`; answers the function that stops it. */
export function syncAccountWithSite(
  queryClient: QueryClient,
  api: GallopClient<true>,
  site: SiteChoices,
): () => void {
  const { queryKey } = getProfileQueryOptions(api);
  // The hash the cache gives the profile query (its own key hashing, whatever the defaults).
  const profileHash = queryClient.defaultQueryOptions({ queryKey }).queryHash;
  const asked = new Set<string>();

  /** Sends a change once a page load for a user and value; a failure leaves the page as it is. */
  const tell = (change: string, call: () => Promise<void>) => {
    if (asked.has(change)) return;
    asked.add(change);
    call().catch((error: unknown) => {
      console.warn(`Account: the server did not save the ${change}`, error);
    });
  };

  const compare = (profile: UserProfile | undefined) => {
    if (!profile || profile.is_admin_auth || !hasSession(api)) return;
    const { locale } = site;
    // The cookie first: a choice made in the settings since must not be undone here.
    const countryId = countryIdFromCookies(document.cookie) ?? site.countryId;
    if (countryId !== undefined && profile.country?.id !== countryId) {
      tell(`country ${countryId} of user ${profile.id}`, async () => {
        const { data } = await api.POST('/crm/api/user/change-country', {
          body: { country_id: countryId },
        });
        queryClient.setQueryData(queryKey, (current) =>
          current ? { ...current, country: data.country } : current,
        );
      });
    }
    if (locale !== undefined && !speaks(profile, locale)) {
      const code = clientLocale(locale).iso;
      tell(`language ${code} of user ${profile.id}`, async () => {
        await api.POST('/crm/api/user/set-language', { body: { language_code: code } });
        queryClient.setQueryData(queryKey, (current) =>
          current ? { ...current, language_code: code } : current,
        );
      });
    }
  };

  compare(queryClient.getQueryData(queryKey));
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.query.queryHash === profileHash) {
      compare(queryClient.getQueryData(queryKey));
    }
  });
}
