import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { API_CSP, HSTS, PERMISSIONS_POLICY, styleHash } from './security-headers.ts';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await buildTestApp({ DEV_OUTBOX: 'on', PUBLIC_URL: 'https://gallop.example' });
});

afterAll(() => testApp.close());

const BASE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': PERMISSIONS_POLICY,
  'x-frame-options': 'DENY',
};

/** The directives of a CSP header, by name. */
function directives(csp: unknown): Map<string, string> {
  return new Map(
    String(csp)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...sources]) => [name!, sources.join(' ')]),
  );
}

describe('browser security headers', () => {
  it('come on JSON answers, 404s included, with a CSP that allows nothing', async () => {
    for (const url of ['/ready', '/crm/api/nowhere']) {
      const response = await testApp.app.inject({ url });
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.headers).toMatchObject({
        ...BASE_HEADERS,
        'content-security-policy': API_CSP,
        'cross-origin-resource-policy': 'same-site',
      });
      expect(directives(API_CSP).get('frame-ancestors')).toBe("'none'");
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('keep an answer private unless its route says it may be shared', async () => {
    for (const url of ['/ready', '/crm/api/nowhere', '/spa/tours']) {
      const response = await testApp.app.inject({ url });
      expect(response.headers['cache-control'], url).toBe('private, no-store');
    }
    const sitemap = await testApp.app.inject({ url: '/sitemap.xml' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('give the sandbox card page a CSP of its own: its style by hash, no frames, forms home', async () => {
    const response = await testApp.app.inject({ url: '/crm/api/payment/sandbox/999999?token=x' });
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers).toMatchObject(BASE_HEADERS);
    const csp = directives(response.headers['content-security-policy']);
    expect(csp.get('frame-ancestors')).toBe("'none'");
    expect(csp.get('default-src')).toBe("'none'");
    expect(csp.get('form-action')).toBe("'self' https://gallop.example");
    expect(csp.has('script-src')).toBe(false);
    // The one inline style is the one the hash allows; no inline style attribute is left.
    const styles = [...response.body.matchAll(/<style>([^<]*)<\/style>/g)].map(
      (match) => match[1]!,
    );
    expect(styles).toHaveLength(1);
    expect(csp.get('style-src')).toBe(styleHash(styles[0]!));
    expect(response.body).not.toMatch(/\sstyle=/);
  });

  it('give the development outbox page its style by hash', async () => {
    const response = await testApp.app.inject({
      url: '/dev/outbox',
      headers: { accept: 'text/html' },
    });
    const csp = directives(response.headers['content-security-policy']);
    const style = /<style>([^<]*)<\/style>/.exec(response.body)?.[1] ?? '';
    expect(csp.get('style-src')).toBe(styleHash(style));
    expect(csp.get('frame-ancestors')).toBe("'none'");
  });

  it('send HSTS only for https, as a trusted proxy reports it', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    const trusted = await testApp.app.inject({ url: '/ready', headers: https });
    expect(trusted.headers['strict-transport-security']).toBe(HSTS);

    const untrusted = await testApp.app.inject({
      url: '/ready',
      headers: https,
      remoteAddress: '203.0.113.9',
    });
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();

    const plain = await testApp.app.inject({
      url: '/ready',
      headers: { 'x-forwarded-proto': 'http' },
    });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });
});
