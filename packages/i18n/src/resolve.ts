import { match } from '@formatjs/intl-localematcher';
import { parse } from 'cookie';
import { AVAILABLE_LOCALES, DEFAULT_LOCALE, LOCALES, type Locale, isLocale } from './locales';

/** The cookie that keeps the visitor's locale once chosen. */
export const LOCALE_COOKIE = 'i18n_locale';

/**
 * A weight's value per RFC 9110 (section "Quality Values"): 0 to 1 with at most three decimals
 * (`0`, `0.5`, `1.000`). Anything else (`-1`, `1.5`, `abc`, `NaN`, `Infinity`, `.5`) is invalid.
 */
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/**
 * The weight of one tag's parameters: 1 without a `q`, else its value. An invalid `q` counts as
 * `q=0`, "not acceptable": a malformed weight must never rank a tag above the well-formed ones.
 */
function qualityOf(params: readonly string[]): number {
  for (const param of params) {
    const [name = '', ...value] = param.split('=');
    if (name.trim().toLowerCase() !== 'q') continue;
    const weight = value.join('=').trim();
    return QVALUE.test(weight) ? Number(weight) : 0;
  }
  return 1;
}

/**
 * Language tags of an `Accept-Language` header, most preferred first. Tags with `q=0`, with an
 * invalid `q` (see `qualityOf`) and `*` are dropped. Never throws.
 */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      return { tag: tag.trim(), quality: qualityOf(params), index };
    })
    .filter(({ tag, quality }) => tag !== '' && tag !== '*' && quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map(({ tag }) => tag);
}

/** The best available locale for the requested tags, or `undefined` when none fits. */
export function matchLocale(
  requested: readonly string[],
  available: readonly Locale[] = AVAILABLE_LOCALES,
): Locale | undefined {
  const valid = requested.filter((tag) => {
    try {
      return Intl.getCanonicalLocales(tag).length > 0;
    } catch {
      return false;
    }
  });
  if (valid.length === 0) return undefined;
  const found = match(valid, available, 'und');
  return isLocale(found) && available.includes(found) ? found : undefined;
}

function splitPath(pathname: string): { prefixed: Locale | undefined; rest: string } {
  const [, first = '', ...rest] = pathname.split('/');
  const prefixed = (Object.keys(LOCALES) as Locale[]).find(
    (locale) => LOCALES[locale].prefix !== '' && LOCALES[locale].prefix === first.toLowerCase(),
  );
  return prefixed ? { prefixed, rest: `/${rest.join('/')}` } : { prefixed, rest: pathname };
}

/** The path of a page in a locale: `/altai` in de is `/de/altai`; the default locale has no prefix. */
export function localizePath(pathname: string, locale: Locale): string {
  const { rest } = splitPath(pathname);
  const prefix = LOCALES[locale].prefix;
  if (prefix === '') return rest;
  return rest === '/' ? `/${prefix}` : `/${prefix}${rest}`;
}

export interface LocaleRequest {
  /** The route's path, for example `/de/altai` or `/altai`. */
  pathname: string;
  /** The `Cookie` request header (SSR) or `document.cookie`. */
  cookie?: string | null | undefined;
  /** The `Accept-Language` header or `navigator.languages.join(',')`. */
  acceptLanguage?: string | null | undefined;
  /** Locales to choose from; the available locales by default. */
  available?: readonly Locale[] | undefined;
}

export interface LocaleResolution {
  locale: Locale;
  /** Where the locale came from. */
  source: 'route' | 'cookie' | 'browser' | 'default';
  /** The path to redirect to when the current one does not match the locale, else `null`. */
  redirectTo: string | null;
}

/**
 * Resolves the locale on every navigation (docs/product.md, Routes): the route's prefix when it
 * names an available locale, else the cookie, else the browser's Accept-Language, else the default,
 * all restricted to the available locales. When the path does not match the result (no prefix for a
 * non-default locale, or a prefix of an unavailable locale) `redirectTo` gives the right path.
 */
export function resolveLocale(request: LocaleRequest): LocaleResolution {
  const available = request.available ?? AVAILABLE_LOCALES;
  const { prefixed, rest } = splitPath(request.pathname);
  if (prefixed && available.includes(prefixed)) {
    return { locale: prefixed, source: 'route', redirectTo: null };
  }
  const fromCookie = request.cookie ? parse(request.cookie)[LOCALE_COOKIE] : undefined;
  const cookieLocale = fromCookie ? matchLocale([fromCookie], available) : undefined;
  const browserLocale = cookieLocale
    ? undefined
    : matchLocale(parseAcceptLanguage(request.acceptLanguage), available);
  const fallback = available.includes(DEFAULT_LOCALE)
    ? DEFAULT_LOCALE
    : (available[0] ?? DEFAULT_LOCALE);
  const locale = cookieLocale ?? browserLocale ?? fallback;
  const source = cookieLocale ? 'cookie' : browserLocale ? 'browser' : 'default';
  const target = localizePath(rest, locale);
  return { locale, source, redirectTo: target === request.pathname ? null : target };
}
