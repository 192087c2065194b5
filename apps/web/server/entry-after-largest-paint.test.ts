import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RouterManifest } from '../src/entry-server';
import {
  BOOTSTRAP_GLOBAL,
  BOOTSTRAP_SOURCE,
  ENTRY_WAIT_TIMEOUT_MS,
  bootstrapScript,
  routeModulesScript,
  withEntryAfterLargestPaint,
} from './entry-after-largest-paint';
import { ROOT_ROUTE_ID } from './router-manifest';

// The bootstrap runs in a document of its own per test (happy-dom) whose `head` is a detached
// element, so nothing tries to load the scripts it adds, with a window whose clocks the test
// drives: frames are 16 ms timers.
type TestWindow = Record<string, unknown>;
let document: Document;

function testWindow(): TestWindow {
  return {
    setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
    requestAnimationFrame: (callback: () => void) => setTimeout(callback, 16),
    MutationObserver: window.MutationObserver,
    MouseEvent: window.MouseEvent,
  };
}

function boot(win: TestWindow, modules = ['/assets/shell.js']): void {
  new Function('w', 'd', 'e', 'm', BOOTSTRAP_SOURCE)(win, document, '/assets/entry.js', modules);
}

/** The largest picture, whose decoding the test settles. */
function picture() {
  const image = document.createElement('img');
  image.setAttribute('fetchpriority', 'high');
  let settle: { resolve: () => void; reject: (error: Error) => void } | undefined;
  image.decode = () => new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
  document.body.append(image);
  return {
    decoded: () => settle?.resolve(),
    failed: () => settle?.reject(new Error('broken picture')),
  };
}

const entryScripts = () =>
  [...document.head.querySelectorAll('script[type=module]')].map((script) =>
    script.getAttribute('src'),
  );
const preloads = () =>
  [...document.head.querySelectorAll('link[rel=modulepreload]')].map((link) =>
    link.getAttribute('href'),
  );

/** Settles promises and runs timers up to `ms` from now. */
async function wait(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
}

beforeEach(() => {
  vi.useFakeTimers();
  document = window.document.implementation.createHTMLDocument('page');
  Object.defineProperty(document, 'head', { value: document.createElement('head') });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the entry bootstrap', () => {
  it('asks for the entry and the chunks only two frames after the largest picture has decoded', async () => {
    const win = testWindow();
    const image = picture();
    boot(win);
    await wait(1000);
    expect(entryScripts()).toEqual([]);
    expect(preloads()).toEqual([]);

    image.decoded();
    await wait(20);
    expect(entryScripts()).toEqual([]);
    await wait(20);
    expect(entryScripts()).toEqual(['/assets/entry.js']);
    expect(preloads()).toEqual(['/assets/shell.js']);
  });

  it('starts after a failed picture too', async () => {
    const image = picture();
    boot(testWindow());
    image.failed();
    await wait(40);
    expect(entryScripts()).toEqual(['/assets/entry.js']);
  });

  it('starts at once on a page without a largest picture', () => {
    boot(testWindow());
    expect(entryScripts()).toEqual(['/assets/entry.js']);
    expect(preloads()).toEqual(['/assets/shell.js']);
  });

  it('never waits longer than the timeout (a picture that never arrives, a hidden tab)', async () => {
    picture();
    boot(testWindow());
    await wait(ENTRY_WAIT_TIMEOUT_MS - 1);
    expect(entryScripts()).toEqual([]);
    await wait(1);
    expect(entryScripts()).toEqual(['/assets/entry.js']);
  });

  it('starts at once when the visitor touches the page or presses a key', () => {
    picture();
    boot(testWindow());
    document.body.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    expect(entryScripts()).toEqual(['/assets/entry.js']);
  });

  it('preloads the route chunks handed to it with the entry, then at once, each once', async () => {
    const win = testWindow();
    const image = picture();
    boot(win);
    new Function('self', routeModulesScript(['/assets/slug.js', '/assets/page.js']))(win);
    expect(preloads()).toEqual([]);

    image.decoded();
    await wait(40);
    expect(preloads()).toEqual(['/assets/shell.js', '/assets/slug.js', '/assets/page.js']);
    new Function('self', routeModulesScript(['/assets/page.js', '/assets/later.js']))(win);
    expect(preloads()).toEqual([
      '/assets/shell.js',
      '/assets/slug.js',
      '/assets/page.js',
      '/assets/later.js',
    ]);
  });

  it('runs once per page (the router may inject the script again)', () => {
    const win = testWindow();
    boot(win);
    boot(win);
    expect(entryScripts()).toEqual(['/assets/entry.js']);
    expect(win[BOOTSTRAP_GLOBAL]).toBeDefined();
  });

  it('holds a click until the page has hydrated, then replays it on the same element', async () => {
    picture();
    boot(testWindow());
    document.body.insertAdjacentHTML(
      'beforeend',
      '<label><input type="checkbox" id="spain"> Spain</label><button id="more">More</button>',
    );
    const box = document.getElementById('spain') as HTMLInputElement;
    const heard = vi.fn();
    // Stands for React's listener on the document.
    document.body.addEventListener('click', (event) => heard((event.target as Element).id));

    box.click();
    expect(box.checked).toBe(false);
    expect(heard).not.toHaveBeenCalled();
    // The tap starts the entry without waiting for the picture.
    expect(entryScripts()).toEqual(['/assets/entry.js']);

    document.documentElement.dataset.hydrated = 'true';
    await wait(0);
    expect(heard).toHaveBeenCalledExactlyOnceWith('spain');
    expect(box.checked).toBe(true);

    // After hydration clicks pass straight through.
    document.getElementById('more')!.click();
    expect(heard).toHaveBeenLastCalledWith('more');
  });

  it('leaves links alone', () => {
    picture();
    boot(testWindow());
    document.body.insertAdjacentHTML(
      'beforeend',
      '<a href="#tours"><span id="label">Tours</span></a>',
    );
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.getElementById('label')!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
  });

  it('stops holding when the entry fails to load, replaying the held click', async () => {
    picture();
    boot(testWindow());
    document.body.insertAdjacentHTML('beforeend', '<input type="checkbox" id="box">');
    const box = document.getElementById('box') as HTMLInputElement;
    box.click();
    expect(box.checked).toBe(false);
    document.head.querySelector('script[type=module]')!.dispatchEvent(new Event('error'));
    await wait(0);
    expect(box.checked).toBe(true);
    box.click();
    expect(box.checked).toBe(false);
  });

  it('is valid JavaScript as the page receives it', () => {
    const script = bootstrapScript('/assets/entry.js', ['/assets/shell.js']);
    expect(script).not.toMatch(/\n/);
    const win = testWindow();
    new Function('self', 'document', script)(win, document);
    expect(entryScripts()).toEqual(['/assets/entry.js']);
  });
});

describe('withEntryAfterLargestPaint', () => {
  const manifest: RouterManifest = {
    routes: {
      [ROOT_ROUTE_ID]: {
        scripts: [{ attrs: { type: 'module', src: '/assets/entry.js' } }],
        preloads: ['/assets/shell.js'],
        css: ['/assets/style.css'],
      },
      '/$slug': { preloads: ['/assets/slug.js', '/assets/page.js'], css: ['/assets/page.css'] },
      '/about': { css: ['/assets/about.css'] },
    },
  };
  const deferred = withEntryAfterLargestPaint(manifest);

  it('turns the root module script and preloads into the bootstrap', () => {
    expect(deferred.routes[ROOT_ROUTE_ID]).toEqual({
      scripts: [{ children: bootstrapScript('/assets/entry.js', ['/assets/shell.js']) }],
      css: ['/assets/style.css'],
    });
  });

  it('turns a route’s preloads into a script that hands them to the bootstrap', () => {
    expect(deferred.routes['/$slug']).toEqual({
      scripts: [{ children: routeModulesScript(['/assets/slug.js', '/assets/page.js']) }],
      css: ['/assets/page.css'],
    });
    expect(deferred.routes['/about']).toBe(manifest.routes['/about']);
  });

  it('needs the root’s module script', () => {
    expect(() => withEntryAfterLargestPaint({ routes: { [ROOT_ROUTE_ID]: {} } })).toThrow(
      /no module script/,
    );
  });
});
