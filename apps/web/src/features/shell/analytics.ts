import { parse } from 'cookie';
import { COOKIE_ALERT_COOKIE, isEmployeeBrowser } from '../../lib/visitor';
import { whenIdle, type IdleWindow } from './when-idle';

/**
 * Google Analytics cookies (docs/product.md, States): `_ga`, `_ga_<id>`, `_gid`, `_gat`,
 * `_gat_<id>`.
 */
const ANALYTICS_COOKIE = /^_(ga|gid|gat)/;

/** Consent is the cookie alert's 'Ok, don't show again'. */
export function hasAnalyticsConsent(cookieHeader: string): boolean {
  return parse(cookieHeader)[COOKIE_ALERT_COOKIE] === '1';
}

/** Names of the analytics cookies this page can see. */
export function analyticsCookieNames(cookieHeader: string): string[] {
  return Object.keys(parse(cookieHeader)).filter((name) => ANALYTICS_COOKIE.test(name));
}

/**
 * `document.cookie = ...` values that expire a cookie wherever it may have been set: host-only
 * and on the host and every parent domain (`.example.com` is how analytics sets them), on the
 * site root and on every folder of the current path.
 */
export function expireCookieEverywhere(name: string, hostname: string, pathname: string): string[] {
  const labels = hostname.split('.');
  const domains = [undefined, ...labels.slice(0, -1).map((_, i) => labels.slice(i).join('.'))];
  if (labels.length === 1) domains.push(hostname);
  const segments = pathname.split('/').filter(Boolean);
  const paths = ['/', ...segments.map((_, i) => `/${segments.slice(0, i + 1).join('/')}`)];
  const expired = `${name}=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0`;
  return domains.flatMap((domain) =>
    paths.map((path) => `${expired}; Path=${path}${domain ? `; Domain=${domain}` : ''}`),
  );
}

/** Deletes every analytics cookie the page can see; answers how many names it found. */
function deleteAnalyticsCookies(doc: Document = document): number {
  const names = analyticsCookieNames(doc.cookie);
  const { hostname, pathname } = doc.location;
  for (const name of names) {
    for (const cookie of expireCookieEverywhere(name, hostname, pathname)) doc.cookie = cookie;
  }
  return names.length;
}

type GtagWindow = Window & { dataLayer?: unknown[] };

/** Adds the Google tag for `measurementId` once. */
function loadAnalyticsScript(measurementId: string, doc: Document = document): void {
  const src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`;
  if (doc.querySelector(`script[src="${src}"]`)) return;
  const win = doc.defaultView as GtagWindow | null;
  if (!win) return;
  const dataLayer = (win.dataLayer ??= []);
  // gtag.js reads the `arguments` objects it is given, not arrays.
  function gtag(..._args: unknown[]) {
    // eslint-disable-next-line prefer-rest-params
    dataLayer.push(arguments);
  }
  gtag('js', new Date());
  gtag('config', measurementId);
  const script = doc.createElement('script');
  script.async = true;
  script.src = src;
  doc.head.append(script);
}

/**
 * The analytics rule of docs/product.md, States: without consent or a configured id the analytics
 * cookies are deleted (also in a staff browser); with both the script loads when the browser is
 * idle. Safe to call again (on navigation, after consent): the script loads once.
 */
export function applyAnalyticsPolicy(
  measurementId: string | undefined,
  doc: Document = document,
  win: IdleWindow = window,
): 'deleted' | 'loading' {
  if (!measurementId || !hasAnalyticsConsent(doc.cookie) || isEmployeeBrowser(doc.cookie)) {
    deleteAnalyticsCookies(doc);
    return 'deleted';
  }
  whenIdle(() => loadAnalyticsScript(measurementId, doc), win);
  return 'loading';
}
