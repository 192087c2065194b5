/**
 * Browser security headers on every answer of the API (OWASP ASVS 5.0 V3.4; docs/security.md).
 * JSON and other non-page answers get a CSP that allows nothing: a JSON body opened as a page, or
 * sniffed as HTML, can run nothing and cannot be framed. The API's few HTML pages (the sandbox
 * card page, the development outbox) set a CSP of their own first (`htmlPageCsp`); these hooks
 * only add what is missing, caching too: an answer is private unless its route says otherwise.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** What no API answer needs: no scripts, no styles, no frames around it, no forms. */
export const API_CSP =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Browser features no Gallop page uses (web server/security-headers.ts sends the same). */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';

/** One year, subdomains included: sent only on answers that came over https. */
export const HSTS = 'max-age=31536000; includeSubDomains';

const ALWAYS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': PERMISSIONS_POLICY,
  // Old browsers that ignore CSP's frame-ancestors.
  'x-frame-options': 'DENY',
  // Answers are the caller's own (a booking, a passport, a rider's weight) unless a route says
  // they may be shared (media, public pages): neither a shared cache nor a shared computer's
  // disk cache keeps them.
  'cache-control': 'private, no-store',
};

/**
 * Adds the headers in `onSend` (404s and errors included) without replacing what a route set.
 * HSTS follows `request.protocol`, which trusts `X-Forwarded-Proto` only from the proxies
 * Fastify's `trustProxy` names.
 */
export function addSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    for (const [name, value] of Object.entries(ALWAYS)) {
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
    const type = String(reply.getHeader('content-type') ?? '');
    // Chrome applies a document's CSP to its built-in PDF viewer: a PDF keeps none (it runs no
    // script of ours). Pictures and videos may be shown on other sites and in mail.
    if (!reply.hasHeader('content-security-policy') && !type.startsWith('application/pdf')) {
      reply.header('content-security-policy', API_CSP);
    }
    if (!reply.hasHeader('cross-origin-resource-policy')) {
      const media = /^(image|video|audio|font)\//.test(type);
      reply.header('cross-origin-resource-policy', media ? 'cross-origin' : 'same-site');
    }
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    return payload;
  });
}

/** The CSP source for one inline `<style>` element's exact text. */
export function styleHash(style: string): string {
  return `'sha256-${createHash('sha256').update(style).digest('base64')}'`;
}

/**
 * The CSP of a server-built HTML page with one inline `<style>` and no script: its forms post to
 * the page's own origin and (after a 303) `formTargets` (Chrome checks form-action on redirects).
 */
export function htmlPageCsp(style: string, formTargets: readonly string[] = []): string {
  return [
    "default-src 'none'",
    `style-src ${styleHash(style)}`,
    'img-src data:',
    `form-action ${["'self'", ...formTargets].join(' ')}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}
