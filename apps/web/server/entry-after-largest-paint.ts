/**
 * Production pages ask for the client entry (and the route chunks' modulepreloads) only after the
 * page's largest picture has painted (decision 047). The router manifest's module script and
 * `preloads` become inline scripts: the root route's starts the entry; every other route's hands
 * its chunks to it. The server renders them where `<Scripts />` stands (the end of the body),
 * and the browser hydrates the same tags from the dehydrated manifest.
 */
import type { RouterManifest } from '../src/entry-server';
import { ROOT_ROUTE_ID } from './router-manifest';

/** Hydration never waits longer than this for the largest picture (a slow phone network). */
export const ENTRY_WAIT_TIMEOUT_MS = 1500;

/** The picture the bootstrap waits for: the page marks its largest one `fetchpriority="high"`. */
const LARGEST_PICTURE = 'img[fetchpriority=high]';

/** The global through which route scripts hand their chunks to the bootstrap. */
export const BOOTSTRAP_GLOBAL = 'gallopEntry';

/**
 * The bootstrap's body, a function of `(w, d, e, m)`: the window, the document, the entry's URL
 * and the chunks to preload with it. Short names: it is in every page's HTML.
 * - Once the picture is decoded (or has failed), two frames later: the picture is on screen, so
 *   the entry's download is no part of the largest paint (Lighthouse's Lantern counts every
 *   request that finished before it), and on a slow network the picture had the bandwidth to
 *   itself. No picture: at once. A hidden tab paints nothing: `ENTRY_WAIT_TIMEOUT_MS` at most.
 * - The visitor's first pointerdown or keydown starts it at once.
 * - Until React has hydrated (`data-hydrated` on `<html>`), a click anywhere but on a link is
 *   held (the browser's own action cancelled, so no box shows a tick the page does not follow)
 *   and the last one is replayed after hydration; held-input.tsx then holds it further if it
 *   lands in a part that hydrates later. Links work without JavaScript and are left alone.
 * - Runs once per page: the router injects a fresh copy on some client navigations.
 *
 * s: started, a: URLs added, h: the held click's target, c/n: this script and its nonce (CSP),
 * A: append to the head, P: preload, S: start, H: hold a click, o: watches for hydration, R:
 * release the held click, O: listener options, i: the picture, f: two frames on.
 */
const BOOTSTRAP_BODY = `
  if (w.${BOOTSTRAP_GLOBAL}) return;
  var s = 0, a = {}, h, r = d.documentElement, c = d.currentScript, n = c && c.nonce;
  var A = function (x) {
    if (n) x.nonce = n;
    d.head.appendChild(x);
  };
  var P = function (l) {
    l.forEach(function (u) {
      if (a[u]) return;
      a[u] = 1;
      var x = d.createElement('link');
      x.rel = 'modulepreload';
      x.href = u;
      A(x);
    });
  };
  var S = function () {
    if (s) return;
    s = 1;
    var x = d.createElement('script');
    x.type = 'module';
    x.src = e;
    x.onerror = R;
    A(x);
    P(m);
  };
  w.${BOOTSTRAP_GLOBAL} = {
    p: function (l) {
      m = m.concat(l);
      if (s) P(l);
    }
  };
  var H = function (v) {
    var t = v.target;
    if (!t.closest || t.closest('a[href]')) return;
    v.preventDefault();
    v.stopImmediatePropagation();
    h = t;
    S();
  };
  var o = new w.MutationObserver(function () {
    if (r.dataset.hydrated) R();
  });
  function R() {
    o.disconnect();
    d.removeEventListener('click', H, true);
    var t = h;
    h = 0;
    if (t && t.isConnected) w.setTimeout(function () {
      t.dispatchEvent(new w.MouseEvent('click', { bubbles: true, cancelable: true, view: w }));
    }, 0);
  }
  o.observe(r, { attributes: true, attributeFilter: ['data-hydrated'] });
  d.addEventListener('click', H, true);
  var O = { capture: true, once: true, passive: true };
  d.addEventListener('pointerdown', S, O);
  d.addEventListener('keydown', S, O);
  var i = d.querySelector('${LARGEST_PICTURE}');
  if (!i || !i.decode) return S();
  var f = function () {
    w.requestAnimationFrame(function () {
      w.requestAnimationFrame(function () {
        w.setTimeout(S, 0);
      });
    });
  };
  i.decode().then(f, f);
  w.setTimeout(S, ${ENTRY_WAIT_TIMEOUT_MS});
`;

/** The bootstrap's body without indentation, line breaks and spaces around punctuation. */
export const BOOTSTRAP_SOURCE = BOOTSTRAP_BODY.replace(/\n\s*/g, '').replace(
  /\s*([=,;{}()|&!:])\s*/g,
  '$1',
);

/** The root route's inline script: starts `entry` and preloads `modules` with it. */
export function bootstrapScript(entry: string, modules: readonly string[]): string {
  return `(function(w,d,e,m){${BOOTSTRAP_SOURCE}})(self,document,${json(entry)},${json(modules)})`;
}

/** A route's inline script: its chunks, preloaded with the entry (or at once if it has started). */
export function routeModulesScript(modules: readonly string[]): string {
  return `self.${BOOTSTRAP_GLOBAL}&&self.${BOOTSTRAP_GLOBAL}.p(${json(modules)})`;
}

/**
 * The manifest with the root's module script and every route's `preloads` turned into the inline
 * scripts above. Apply it last (after `withModuleAssets`, which reads the root's script).
 */
export function withEntryAfterLargestPaint(manifest: RouterManifest): RouterManifest {
  const routes: RouterManifest['routes'] = {};
  for (const [routeId, route] of Object.entries(manifest.routes)) {
    const { preloads = [], scripts = [], ...rest } = route;
    const modules = preloads.map((preload) =>
      typeof preload === 'string' ? preload : preload.href,
    );
    if (routeId === ROOT_ROUTE_ID) {
      const entry = scripts.find((script) => script.attrs?.type === 'module' && script.attrs.src);
      if (!entry) throw new Error('The root route has no module script to defer');
      const others = scripts.filter((script) => script !== entry);
      routes[routeId] = {
        ...rest,
        scripts: [...others, { children: bootstrapScript(String(entry.attrs?.src), modules) }],
      };
    } else {
      routes[routeId] =
        modules.length > 0
          ? { ...rest, scripts: [...scripts, { children: routeModulesScript(modules) }] }
          : route;
    }
  }
  return { ...manifest, routes };
}

/** JSON that is safe inside `<script>` (asset URLs never contain `<`, but be sure). */
function json(value: unknown): string {
  return JSON.stringify(value).replaceAll('<', '\\u003c');
}
