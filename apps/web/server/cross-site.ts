/**
 * Refusal of cross-site state-changing calls to the API paths (decisions.md, "Sessions and
 * tokens"; OWASP ASVS 5.0 V3.5). The session cookies are SameSite=Lax, which already keeps them
 * off cross-site POSTs; this check also covers same-site neighbours (another subdomain is not
 * this origin) and browsers without SameSite. Fetch metadata first: only `same-origin` and
 * `none` (typed or bookmarked) pass. Without it, an `Origin` other than this site's is refused.
 * Requests with neither header (curl, servers such as payment provider callbacks) pass: they
 * carry no visitor's cookies.
 */

export const CROSS_SITE_MESSAGE = 'Cross-site request refused';

/** Methods that may change state; GET, HEAD and OPTIONS must not (and the API keeps to it). */
export const STATE_CHANGING_METHODS: ReadonlySet<string> = new Set([
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
]);

interface HeaderSource {
  get(name: string): string | null | undefined;
}

/**
 * Whether a request comes from another site (or another origin of the same site). `ownOrigins`
 * are this web server's origins: its PUBLIC_URL and the origin the visitor addressed.
 */
export function isCrossOrigin(headers: HeaderSource, ownOrigins: readonly string[]): boolean {
  const site = headers.get('sec-fetch-site');
  if (site) return site !== 'same-origin' && site !== 'none';
  const origin = headers.get('origin');
  // `Origin: null` (a sandboxed frame, a redirect across origins) is no origin of ours either.
  return origin !== null && origin !== undefined && !ownOrigins.includes(origin);
}

/**
 * This server's origins for a request: PUBLIC_URL's, and the scheme the visitor used (see
 * `requestScheme`) with the `Host` they addressed.
 */
export function ownOrigins(
  publicUrl: string | undefined,
  scheme: 'http' | 'https',
  host: string | null | undefined,
): string[] {
  const origins: string[] = [];
  if (publicUrl) origins.push(new URL(publicUrl).origin);
  if (host) {
    try {
      origins.push(new URL(`${scheme}://${host}`).origin);
    } catch {
      // A Host that is no host names no origin.
    }
  }
  return origins;
}
