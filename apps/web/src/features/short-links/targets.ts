import { sameSitePath } from '../../lib/same-site-path';

/** Ids of the contract are positive 32-bit integers. */
const MAX_ID = 2_147_483_647;

/** The id of `/r/{id}`: digits only, within the contract's range; undefined otherwise. */
export function parseShortLinkId(id: string): number | undefined {
  if (!/^\d{1,10}$/.test(id)) return undefined;
  const value = Number(id);
  return value >= 1 && value <= MAX_ID ? value : undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** An absolute http(s) URL, normalised; undefined for anything else (`javascript:`, `data:` ...). */
function webUrl(target: string): URL | undefined {
  try {
    const url = new URL(target);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : undefined;
  } catch {
    return undefined;
  }
}

export type RedirectTarget =
  /** Go there at once: a path of this site or an allow-listed origin. */
  | { kind: 'redirect'; href: string }
  /** Another site: show a page with the link, never send the visitor there by ourselves. */
  | { kind: 'external'; url: URL }
  /** Missing or not a web address. */
  | { kind: 'invalid' };

/**
 * What `/redirect?url=...` does with its target. Same-site paths and URLs on `allowedOrigins`
 * (our public origin, the organizer back office) redirect; other web URLs get a page with a
 * link, so the site is never an open redirect; anything else is invalid.
 */
export function classifyRedirectTarget(
  target: string | undefined,
  allowedOrigins: readonly string[],
): RedirectTarget {
  if (!target) return { kind: 'invalid' };
  const path = sameSitePath(target);
  if (path) return { kind: 'redirect', href: path };
  const url = webUrl(target);
  if (!url) return { kind: 'invalid' };
  if (allowedOrigins.includes(url.origin)) return { kind: 'redirect', href: url.href };
  return { kind: 'external', url };
}

/** Origins of the given addresses (unparsable or missing ones are skipped). */
export function originsOf(addresses: readonly (string | undefined)[]): string[] {
  return addresses.flatMap((address) => {
    const url = address ? webUrl(address) : undefined;
    return url ? [url.origin] : [];
  });
}

/**
 * Where a stored short link may send the browser: a path of this site, or a web URL (short links
 * are our own campaign data). Anything else (a `javascript:` URL...) is refused.
 */
export function shortLinkHref(sourceUrl: string): string | undefined {
  return sameSitePath(sourceUrl) ?? webUrl(sourceUrl)?.href;
}
