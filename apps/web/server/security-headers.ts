/**
 * Browser security headers on every answer of the web server (OWASP ASVS 5.0 V3.4;
 * docs/security.md). Pages get a CSP whose scripts run by a per-request nonce: the SSR puts it
 * on every inline and module script it writes (the router's `ssr.nonce`), and 'strict-dynamic'
 * lets those scripts load the entry and the route chunks. Answers passed on from the API keep the
 * API's own headers (the sandbox card page has a CSP of its own); only missing ones are added.
 */
import { randomBytes } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';

/** Browser features no Gallop page uses (the API sends the same: apps/api/src/http/security-headers.ts). */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';

export const HSTS = 'max-age=31536000; includeSubDomains';

/** Answers that are no page (assets, robots.txt, health): nothing to run, nothing to frame. */
export const NON_PAGE_CSP = "default-src 'none'; frame-ancestors 'none'";

/** The video hosts the tour and blog players embed (packages/ui-kit/src/video-player/embed.ts). */
const VIDEO_FRAMES = [
  'https://www.youtube.com',
  'https://www.youtube-nocookie.com',
  'https://rutube.ru',
  'https://player.vimeo.com',
];

/** Where Google Analytics (features/shell/analytics.ts, with consent only) sends its hits. */
const ANALYTICS = [
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
  'https://*.googletagmanager.com',
];

/** 128 random bits, base64: new for every page. */
export function createNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * The CSP of a rendered page. Styles: React's `style` props and the UI kit's inline styles need
 * 'unsafe-inline' (a nonce there would switch it off); styles cannot run script. The API calls and
 * the chat's socket go through this origin by default, so 'self' covers them; `connectSources`
 * adds the origins of a configured API base and socket URL (src/lib/runtime-config.ts).
 */
export function pageCsp(nonce: string, connectSources: readonly string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob: https:",
    "font-src 'self' data:",
    `connect-src ${["'self'", ...connectSources, ...ANALYTICS].join(' ')}`,
    `frame-src ${VIDEO_FRAMES.join(' ')}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    // The sandbox card page is on this origin too (/crm/api, through the proxy).
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const ALWAYS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': PERMISSIONS_POLICY,
  'X-Frame-Options': 'DENY',
};

/**
 * Adds the headers every answer gets, when the answer has none of its own. HSTS goes only on
 * answers the visitor reached over https (`isHttps`: the request's scheme as a trusted proxy
 * reported it, or the connection's own).
 */
export function securityHeaders(isHttps: (c: Context) => boolean): MiddlewareHandler {
  return async (c, next) => {
    await next();
    let headers = c.res.headers;
    try {
      headers.set('X-Content-Type-Options', 'nosniff');
    } catch {
      // A fetch Response (the proxy's) has immutable headers: copy it first.
      c.res = new Response(c.res.body, c.res);
      headers = c.res.headers;
    }
    for (const [name, value] of Object.entries(ALWAYS)) {
      if (!headers.has(name)) headers.set(name, value);
    }
    if (!headers.has('Content-Security-Policy'))
      headers.set('Content-Security-Policy', NON_PAGE_CSP);
    if (isHttps(c)) headers.set('Strict-Transport-Security', HSTS);
  };
}
