import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  analyticsCookieNames,
  applyAnalyticsPolicy,
  expireCookieEverywhere,
  hasAnalyticsConsent,
} from './analytics';
import { IDLE_TIMEOUT_MS } from './when-idle';

afterEach(() => {
  document.cookie = 'cookie_alert_dismissed=; Max-Age=0; Path=/';
  document.head.querySelectorAll('script').forEach((script) => script.remove());
});

describe('analytics cookies', () => {
  it('finds _ga*, _gid* and _gat* cookies only', () => {
    expect(
      analyticsCookieNames('_ga=GA1.1; _ga_ABC123=x; _gid=y; _gat_UA1=1; gallery=2; keep=3'),
    ).toEqual(['_ga', '_ga_ABC123', '_gid', '_gat_UA1']);
  });

  it('expires a cookie on the host, every parent domain and every folder of the path', () => {
    const cookies = expireCookieEverywhere('_ga', 'www.gallop.example', '/blog/post-1');
    expect(cookies).toContain('_ga=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; Path=/');
    expect(cookies).toContain(
      '_ga=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; Path=/blog; Domain=gallop.example',
    );
    expect(cookies).toContain(
      '_ga=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; Path=/blog/post-1; Domain=www.gallop.example',
    );
    // host-only + 2 domains, 3 paths each
    expect(cookies).toHaveLength(9);
  });
});

/** A document whose cookie writes are recorded (the real browser's cookie jar is e2e's job). */
function recordingDocument(cookie: string) {
  const writes: string[] = [];
  const doc = {
    get cookie() {
      return cookie;
    },
    set cookie(value: string) {
      writes.push(value);
    },
    location: { hostname: 'www.gallop.example', pathname: '/tours' },
  } as unknown as Document;
  return { doc, writes };
}

const expired = (writes: string[]) =>
  new Set(
    writes.filter((write) => write.includes('Max-Age=0')).map((write) => write.split('=')[0]),
  );

describe('applyAnalyticsPolicy', () => {
  it('deletes analytics cookies without consent, even with an id', () => {
    const { doc, writes } = recordingDocument('_ga=GA1.1.1; _gid=GA1.1.2; keep=1');
    expect(applyAnalyticsPolicy('G-TEST', doc)).toBe('deleted');
    expect(expired(writes)).toEqual(new Set(['_ga', '_gid']));
    // host-only and two domains, on / and /tours
    expect(writes.filter((write) => write.startsWith('_ga='))).toHaveLength(6);
  });

  it('deletes them in a team browser even with consent and an id', () => {
    const { doc, writes } = recordingDocument('cookie_alert_dismissed=1; gallop_employee=1; _ga=1');
    expect(applyAnalyticsPolicy('G-TEST', doc)).toBe('deleted');
    expect(expired(writes)).toEqual(new Set(['_ga']));
  });

  it('deletes them with consent but no configured id', () => {
    const { doc, writes } = recordingDocument('cookie_alert_dismissed=1; _gat_UA1=1');
    expect(hasAnalyticsConsent(doc.cookie)).toBe(true);
    expect(applyAnalyticsPolicy(undefined, doc)).toBe('deleted');
    expect(expired(writes)).toEqual(new Set(['_gat_UA1']));
  });

  it('with consent and an id, loads the script once when the browser is idle', () => {
    document.cookie = 'cookie_alert_dismissed=1; Path=/';
    const idle: Array<() => void> = [];
    const requestIdleCallback = vi.fn((task: () => void) => idle.push(task));
    const win = { setTimeout: window.setTimeout.bind(window), requestIdleCallback };

    expect(applyAnalyticsPolicy('G-TEST', document, win)).toBe('loading');
    expect(requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), {
      timeout: IDLE_TIMEOUT_MS,
    });
    expect(document.querySelector('script')).toBeNull();

    idle.forEach((task) => task());
    applyAnalyticsPolicy('G-TEST', document, win);
    idle.forEach((task) => task());
    const scripts = document.querySelectorAll(
      'script[src="https://www.googletagmanager.com/gtag/js?id=G-TEST"]',
    );
    expect(scripts).toHaveLength(1);
  });
});
