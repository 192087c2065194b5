import type { Locale } from '@gallop/i18n';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppRouter } from '../../router';
import { loadInFull, startShellEffects } from './start-shell-effects';
import type { VisitorPreferences } from '../../lib/visitor';
import { accountApi, GERMANY, traveller, USA } from './testing/account-api';

const fakeLocation = () => ({ assign: vi.fn(), replace: vi.fn(), reload: vi.fn() });

describe('loadInFull', () => {
  it('turns a link or redirect into a full page load and blocks the app navigation', () => {
    const location = fakeLocation();
    expect(loadInFull('PUSH', '/favorites', location)).toBe(true);
    expect(location.assign).toHaveBeenCalledWith('/favorites');
    expect(loadInFull('REPLACE', '/tours?page=2', location)).toBe(true);
    expect(location.replace).toHaveBeenCalledWith('/tours?page=2');
    expect(location.reload).not.toHaveBeenCalled();
  });

  it('reloads the address Back or Forward has already shown', () => {
    const location = fakeLocation();
    expect(loadInFull('BACK', '/tours', location)).toBe(false);
    expect(loadInFull('FORWARD', '/favorites', location)).toBe(false);
    expect(location.reload).toHaveBeenCalledTimes(2);
    expect(location.assign).not.toHaveBeenCalled();
  });
});

const JAPAN = { id: 115, iso_code: 'JP' } as const;

/**
 * The router pieces the shell reads, over the fake account API; `visitor`: what the render knew
 * of the visitor's country (nothing, as when the API was down, unless a test says).
 */
function routerOver(
  { api, queryClient }: ReturnType<typeof accountApi>,
  locale: Locale,
  visitor: Pick<VisitorPreferences, 'country' | 'countryFrom'> = {},
) {
  return {
    options: { context: { api, queryClient, locale, site: {}, visitor } },
    navigate: vi.fn(),
    history: { block: () => () => undefined },
    subscribe: () => () => undefined,
  } as unknown as AppRouter;
}

describe('startShellEffects: the signed-in account', () => {
  afterEach(() => {
    document.cookie = 'country_id=; Max-Age=0; Path=/';
    document.cookie = 'i18n_locale=; Max-Age=0; Path=/';
  });

  it("follows the visitor's country and chosen language once the page has settled", async () => {
    document.cookie = `country_id=${USA.id}; Path=/`;
    document.cookie = 'i18n_locale=en-US; Path=/';
    const fake = accountApi();
    fake.setProfile(traveller({ country: GERMANY, language_code: 'ru' }));
    const stop = startShellEffects(routerOver(fake, 'en-US'));
    await vi.waitFor(() => expect(fake.calls).toHaveLength(2));
    expect(fake.calls).toEqual([
      { path: '/crm/api/user/change-country', body: { country_id: USA.id } },
      { path: '/crm/api/user/set-language', body: { language_code: 'en' } },
    ]);
    stop();
  });

  it('asks the server nothing when the account has them already', async () => {
    const fake = accountApi();
    fake.setProfile(traveller({ country: USA, language_code: 'en' }));
    const stop = startShellEffects(
      routerOver(fake, 'en-US', { country: USA, countryFrom: 'edge' }),
    );
    // The edge told the render the USA: the cookie keeps it.
    await vi.waitFor(() => expect(document.cookie).toContain(`country_id=${USA.id}`));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(fake.calls).toEqual([]);
    stop();
  });

  it("moves the account to the edge's country, and keeps it in the cookie", async () => {
    const fake = accountApi();
    fake.setProfile(traveller({ country: GERMANY }));
    const stop = startShellEffects(
      routerOver(fake, 'en-US', { country: USA, countryFrom: 'edge' }),
    );
    await vi.waitFor(() => expect(fake.calls).toHaveLength(1));
    expect(fake.calls).toEqual([
      { path: '/crm/api/user/change-country', body: { country_id: USA.id } },
    ]);
    expect(document.cookie).toContain(`country_id=${USA.id}`);
    stop();
  });

  // A ja-JP browser without an edge header (the page in Japan, from the language region), and one
  // that told nothing (the default, the US): neither a cookie nor an account's country changes.
  for (const [guess, visitor] of [
    ['language region', { country: JAPAN, countryFrom: 'language' }],
    ['default', { country: USA, countryFrom: 'default' }],
  ] as const) {
    it(`leaves the account's country alone for a guessed one (${guess})`, async () => {
      // A chosen locale the account lacks: its call shows the comparison ran.
      document.cookie = 'i18n_locale=en-US; Path=/';
      const fake = accountApi();
      fake.setProfile(traveller({ country: GERMANY, language_code: 'ru' }));
      const stop = startShellEffects(routerOver(fake, 'en-US', visitor));
      await vi.waitFor(() => expect(fake.calls).toHaveLength(1));
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(fake.calls).toEqual([
        { path: '/crm/api/user/set-language', body: { language_code: 'en' } },
      ]);
      expect(document.cookie).not.toContain('country_id=');
      stop();
    });
  }
});

describe('startShellEffects: the build manifest', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('loads a path the route rules give to another service from the server, and logs it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({
          id: 'abc',
          timestamp: 1,
          matcher: { '/**': { ssr: true }, '/press/**': { ssr: false } },
        }),
      ),
    );
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    let blocker:
      | ((args: { action: 'PUSH'; nextLocation: { pathname: string; href: string } }) => boolean)
      | undefined;
    const fake = accountApi();
    const router = {
      ...routerOver(fake, 'en-US'),
      history: {
        block: (options: { blockerFn: typeof blocker }) => {
          blocker = options.blockerFn;
          return () => undefined;
        },
      },
    } as unknown as AppRouter;
    router.options.context.site = { organizerUrl: 'https://partners.example', buildId: 'abc' };
    const stop = startShellEffects(router);
    await vi.waitFor(() =>
      expect(fetch).toHaveBeenCalledWith('/builds/meta/abc.json', expect.anything()),
    );
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });

    await vi.waitFor(() =>
      expect(
        blocker!({ action: 'PUSH', nextLocation: { pathname: '/press/kit', href: '/press/kit' } }),
      ).toBe(true),
    );
    expect(assign).toHaveBeenCalledWith('/press/kit');
    expect(info).toHaveBeenCalledWith(
      'Navigation aborted: /press/kit (another service serves it: loaded from the server)',
    );
    expect(blocker!({ action: 'PUSH', nextLocation: { pathname: '/tours', href: '/tours' } })).toBe(
      false,
    );
    stop();
  });
});
