import { afterEach, describe, expect, it, vi } from 'vitest';
import { chosenLocale, syncAccountWithSite, type SiteChoices } from './account-sync';
import { accountApi as fakeAccountApi, GERMANY, traveller, USA } from './testing/account-api';

/** The fake account API, and `start` to watch its cache as the shell does. */
function accountApi(options?: Parameters<typeof fakeAccountApi>[0]) {
  const fake = fakeAccountApi(options);
  const start = (site: SiteChoices) => syncAccountWithSite(fake.queryClient, fake.api, site);
  return { ...fake, start };
}

/** Lets the fake API answer and the cache take the answer. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('syncAccountWithSite: country', () => {
  it("moves the account to the site's country and keeps the answer", async () => {
    const { calls, setProfile, profile, start } = accountApi();
    setProfile(traveller({ country: GERMANY }));
    start({ countryId: USA.id });
    await settle();
    expect(calls).toEqual([{ path: '/crm/api/user/change-country', body: { country_id: USA.id } }]);
    expect(profile()?.country?.id).toBe(USA.id);
  });

  it('sets the country of an account that has none', async () => {
    const { calls, setProfile, start } = accountApi();
    setProfile(traveller({ country: undefined }));
    start({ countryId: USA.id });
    await settle();
    expect(calls.map((call) => call.path)).toEqual(['/crm/api/user/change-country']);
  });

  it('keeps a country chosen on the page since (its cookie) rather than the one at start', async () => {
    const { calls, setProfile, start } = accountApi();
    setProfile(traveller({ country: USA }));
    start({ countryId: USA.id });
    // The settings page saved Germany and its cookie; the profile then arrives with it.
    document.cookie = `country_id=${GERMANY.id}; path=/`;
    try {
      setProfile(traveller({ country: GERMANY }));
      await settle();
      expect(calls).toEqual([]);
    } finally {
      document.cookie = 'country_id=; max-age=0; path=/';
    }
  });

  it('asks nothing when the account already has the country', async () => {
    const { calls, setProfile, start } = accountApi();
    setProfile(traveller({ country: USA }));
    start({ countryId: USA.id });
    await settle();
    expect(calls).toEqual([]);
  });

  it('asks nothing when the country is not known', async () => {
    const { calls, setProfile, start } = accountApi();
    setProfile(traveller({ country: GERMANY }));
    start({ countryId: undefined });
    await settle();
    expect(calls).toEqual([]);
  });

  it('asks nothing without a session, even with a profile left in the cache', async () => {
    const { calls, setProfile, start } = accountApi({ signedIn: false });
    setProfile(traveller({ country: GERMANY }));
    start({ countryId: USA.id });
    await settle();
    expect(calls).toEqual([]);
  });

  it('leaves the account alone in a session an administrator opened', async () => {
    const { calls, setProfile, start } = accountApi();
    setProfile(traveller({ country: GERMANY, language_code: 'ru', is_admin_auth: true }));
    start({ countryId: USA.id, locale: 'en-US' });
    await settle();
    expect(calls).toEqual([]);
  });

  it('compares a profile that arrives later, as with a sign-in', async () => {
    const { calls, setProfile, start } = accountApi();
    start({ countryId: USA.id });
    await settle();
    expect(calls).toEqual([]);
    setProfile(traveller({ country: GERMANY }));
    await settle();
    expect(calls.map((call) => call.path)).toEqual(['/crm/api/user/change-country']);
  });

  it('asks once a page load: a refusal is logged and not repeated on a refetch', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { calls, setProfile, profile, start } = accountApi({ status: 422 });
    setProfile(traveller({ country: GERMANY }));
    start({ countryId: USA.id });
    await settle();
    setProfile(traveller({ country: GERMANY }));
    await settle();
    expect(calls).toHaveLength(1);
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0]?.[1]).toMatchObject({ status: 422 });
    expect(profile()?.country?.id).toBe(GERMANY.id);
  });

  it('stops watching when stopped', async () => {
    const { calls, setProfile, start } = accountApi();
    const stop = start({ countryId: USA.id });
    stop();
    setProfile(traveller({ country: GERMANY }));
    await settle();
    expect(calls).toEqual([]);
  });
});

describe('syncAccountWithSite: language', () => {
  it('saves a chosen locale the account does not have', async () => {
    const { calls, setProfile, profile, start } = accountApi();
    setProfile(traveller({ language_code: 'en' }));
    start({ locale: 'de' });
    await settle();
    expect(calls).toEqual([{ path: '/crm/api/user/set-language', body: { language_code: 'de' } }]);
    expect(profile()?.language_code).toBe('de');
  });

  it('asks nothing when the account has the language, in either spelling', async () => {
    const { calls, setProfile, start } = accountApi();
    setProfile(traveller({ language_code: 'en' }));
    start({ locale: 'en-US' });
    setProfile(traveller({ language_code: 'en-US' }));
    await settle();
    expect(calls).toEqual([]);
  });

  it('asks nothing for a locale the visitor did not choose, or without a session', async () => {
    const guessed = accountApi();
    guessed.setProfile(traveller({ language_code: 'ru' }));
    guessed.start({ locale: undefined });
    const signedOut = accountApi({ signedIn: false });
    signedOut.setProfile(traveller({ language_code: 'en' }));
    signedOut.start({ locale: 'de' });
    await settle();
    expect(guessed.calls).toEqual([]);
    expect(signedOut.calls).toEqual([]);
  });

  it('keeps the local choice when the server refuses, and warns once', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { calls, setProfile, start } = accountApi({ status: 500 });
    setProfile(traveller({ language_code: 'en' }));
    start({ locale: 'de' });
    await settle();
    setProfile(traveller({ language_code: 'en' }));
    await settle();
    expect(calls).toHaveLength(1);
    expect(warn).toHaveBeenCalledOnce();
  });
});

describe('chosenLocale', () => {
  it('counts a locale prefix in the address or the locale cookie as a choice', () => {
    expect(chosenLocale('de', '')).toBe('de');
    expect(chosenLocale('en-US', 'a=1; i18n_locale=en-US')).toBe('en-US');
  });

  it('does not count the default or a locale from the browser', () => {
    expect(chosenLocale('en-US', '')).toBeUndefined();
    expect(chosenLocale('en-US', 'i18n_locale=de')).toBeUndefined();
  });
});
