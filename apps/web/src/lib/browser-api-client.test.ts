import { createMemoryTokenStore } from '@gallop/api-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGallopBrowserClient } from './browser-api-client';
import { SESSION_ENDED_EVENT } from './session-ended';
import { whileSigningOut } from './sign-out';

// The challenge dialog is the component's own test; here it answers at once.
const showCaptcha = vi.hoisted(() => vi.fn(async (_kind: string) => 'solved-payload'));
vi.mock('../components/captcha-challenge/show-captcha', () => ({ showCaptcha }));

afterEach(() => {
  vi.unstubAllGlobals();
  showCaptcha.mockClear();
});

/** The API through the web server: the first send is over the limit, the retry is let through. */
function limitedApi(type: 'captcha' | 'hard_captcha') {
  const seen: Request[] = [];
  vi.stubGlobal('fetch', async (request: Request) => {
    seen.push(request.clone());
    return request.headers.get('X-Captcha') === 'solved-payload'
      ? Response.json({ id: 1, chat_id: 7, message: 'Hello', client_id: 'c-1' })
      : Response.json({ message: 'Too many requests', type }, { status: 429 });
  });
  return seen;
}

describe('the browser API client on a 429 asking for a captcha', () => {
  it('shows the challenge and sends the call again with the solution in X-Captcha', async () => {
    const seen = limitedApi('hard_captcha');
    const client = createGallopBrowserClient(
      () => ({ iso: 'en', localizationId: 1 }),
      createMemoryTokenStore(),
    );

    const { data } = await client.POST('/crm/api/chat/send-message', {
      body: { chat_id: 7, message: 'Hello', client_id: 'c-1' },
    });

    expect(data).toMatchObject({ id: 1, client_id: 'c-1' });
    expect(showCaptcha).toHaveBeenCalledExactlyOnceWith('hard_captcha');
    expect(seen).toHaveLength(2);
    expect(seen[0]!.headers.get('X-Captcha')).toBeNull();
    expect(seen[1]!.headers.get('X-Captcha')).toBe('solved-payload');
    expect(await seen[1]!.json()).toEqual({ chat_id: 7, message: 'Hello', client_id: 'c-1' });
  });

  it('fails the call with the captcha error when the visitor cancels', async () => {
    const seen = limitedApi('captcha');
    showCaptcha.mockResolvedValueOnce(null as unknown as string);
    const client = createGallopBrowserClient(
      () => ({ iso: 'en', localizationId: 1 }),
      createMemoryTokenStore(),
    );

    await expect(
      client.POST('/crm/api/chat/send-message', {
        body: { chat_id: 7, message: 'Hello', client_id: 'c-2' },
      }),
    ).rejects.toMatchObject({ kind: 'captcha', status: 429 });
    expect(seen).toHaveLength(1);
  });
});

describe('the browser API client’s base', () => {
  afterEach(() => document.head.querySelector('meta[name="gallop-runtime-config"]')?.remove());

  function recordCalls() {
    const seen: Request[] = [];
    vi.stubGlobal('fetch', async (request: Request) => {
      seen.push(request);
      return Response.json({ result: true });
    });
    return seen;
  }

  const client = () =>
    createGallopBrowserClient(() => ({ iso: 'en', localizationId: 1 }), createMemoryTokenStore());

  it('is the page’s origin when the page names none', async () => {
    const seen = recordCalls();
    await client().GET('/spa/validate-slug', { params: { query: { slug: 'tours' } } });
    expect(seen[0]!.url).toBe(`${window.location.origin}/spa/validate-slug?slug=tours`);
    expect(seen[0]!.credentials).toBe('same-origin');
  });

  it('is the runtime API base the server wrote into the page, with the cookies along', async () => {
    const meta = document.createElement('meta');
    meta.name = 'gallop-runtime-config';
    meta.content = JSON.stringify({ apiBaseUrl: 'https://edge.gallop.example/app' });
    document.head.append(meta);
    const seen = recordCalls();
    await client().GET('/spa/validate-slug', { params: { query: { slug: 'tours' } } });
    expect(seen[0]!.url).toBe('https://edge.gallop.example/app/spa/validate-slug?slug=tours');
    expect(seen[0]!.credentials).toBe('include');
  });
});

describe('the browser API client’s currency', () => {
  afterEach(() => {
    document.cookie = 'i18n_currency=; Max-Age=0; Path=/';
  });

  it("asks in the visitor's default currency (their country's) until they choose one", async () => {
    const seen: Request[] = [];
    vi.stubGlobal('fetch', async (request: Request) => {
      seen.push(request);
      return Response.json({ result: true });
    });
    const client = createGallopBrowserClient(
      () => ({ iso: 'en', localizationId: 1 }),
      createMemoryTokenStore(),
      () => 'EUR',
    );
    const call = () => client.GET('/spa/validate-slug', { params: { query: { slug: 'tours' } } });
    await call();
    document.cookie = 'i18n_currency=USD; Path=/';
    await call();
    expect(seen.map((request) => request.headers.get('X-Currency'))).toEqual(['EUR', 'USD']);
  });

  it('never sends a chosen currency the API does not offer (no rate loaded): the default instead', async () => {
    const seen: Request[] = [];
    vi.stubGlobal('fetch', async (request: Request) => {
      seen.push(request);
      return Response.json({ result: true });
    });
    const site: { offered?: string[] } = {};
    const client = createGallopBrowserClient(
      () => ({ iso: 'en', localizationId: 1 }),
      createMemoryTokenStore(),
      () => undefined,
      () => site.offered,
    );
    const call = () => client.GET('/spa/validate-slug', { params: { query: { slug: 'tours' } } });
    // Before the site info comes, the cookie's choice goes as before.
    document.cookie = 'i18n_currency=CHF; Path=/';
    await call();
    site.offered = ['USD', 'EUR'];
    await call();
    document.cookie = 'i18n_currency=EUR; Path=/';
    await call();
    expect(seen.map((request) => request.headers.get('X-Currency'))).toEqual(['CHF', 'USD', 'EUR']);
  });
});

describe('the browser API client during a sign-out', () => {
  it('sends no call that needs the session: it fails as cancelled without reaching the server', async () => {
    const seen: string[] = [];
    vi.stubGlobal('fetch', async (request: Request) => {
      seen.push(new URL(request.url).pathname);
      return Response.json({ count: 0 });
    });
    const client = createGallopBrowserClient(
      () => ({ iso: 'en', localizationId: 1 }),
      createMemoryTokenStore(),
    );

    await whileSigningOut(async () => {
      await expect(client.GET('/crm/api/chat/unread-count')).rejects.toMatchObject({
        kind: 'abort',
      });
    });
    await expect(client.GET('/crm/api/chat/unread-count')).resolves.toMatchObject({
      data: { count: 0 },
    });
    expect(seen).toEqual(['/crm/api/chat/unread-count']);
  });
});

describe('the browser API client when the session ended elsewhere', () => {
  it("tells the page once a 401's answer took the session's marker cookie", async () => {
    let marker = true;
    vi.stubGlobal('fetch', async () => {
      // The web server's refused refresh: the cookies go with the 401 (server/session-proxy.ts).
      marker = false;
      return Response.json({ message: 'Unauthorized' }, { status: 401 });
    });
    const heard = vi.fn();
    window.addEventListener(SESSION_ENDED_EVENT, heard);
    const client = createGallopBrowserClient(() => ({ iso: 'en', localizationId: 1 }), {
      ...createMemoryTokenStore(),
      signedIn: () => marker,
    });
    try {
      await expect(client.GET('/crm/api/chat/list')).rejects.toMatchObject({ status: 401 });
    } finally {
      window.removeEventListener(SESSION_ENDED_EVENT, heard);
    }
    expect(heard).toHaveBeenCalledTimes(1);
  });
});
