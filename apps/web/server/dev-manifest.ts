import type { EnvironmentModuleNode, ViteDevServer } from 'vite';
import type { RouterManifest } from '../src/entry-server';
import { CLIENT_ENTRY, ROOT_ROUTE_ID } from './router-manifest';

export const SERVER_ENTRY = '/src/entry-server.tsx';

// router-core's DEV_STYLES_ATTR (not re-exported by @tanstack/react-router): HeadContent removes
// links carrying it once the app has hydrated and Vite's style tags are in place.
const DEV_STYLES_ATTR = 'data-tanstack-router-dev-styles';

const CSS_MODULE = /\.(css|less|sass|scss|styl|stylus|pcss|postcss)(\?|$)/;
const NOT_A_STYLESHEET = /[?&](inline|url|raw)\b/;

/**
 * The development manifest: Vite's client and React refresh preamble (from `transformIndexHtml`),
 * the client entry as source, and the stylesheets the server render imported, as links marked
 * as dev styles so the router drops them once Vite's own style tags have taken over.
 */
export async function createDevManifest(vite: ViteDevServer, url: string): Promise<RouterManifest> {
  const html = await vite.transformIndexHtml(url, '<html><head></head><body></body></html>');
  const scripts = [...parseScripts(html), { attrs: { type: 'module', src: `/${CLIENT_ENTRY}` } }];
  return {
    routes: {
      [ROOT_ROUTE_ID]: {
        scripts,
        // Read when the document renders, after the router has loaded the route chunks (and
        // with them their stylesheets) into the module graph.
        get css() {
          return collectSsrStylesheets(vite).map((href) => ({
            href,
            [DEV_STYLES_ATTR]: true as const,
          }));
        },
      },
    },
  };
}

/** Script tags Vite injects into HTML, as router manifest scripts. */
function parseScripts(html: string): Array<{ attrs: Record<string, string>; children?: string }> {
  const scripts: Array<{ attrs: Record<string, string>; children?: string }> = [];
  for (const [, rawAttrs = '', children = ''] of html.matchAll(
    /<script\b([^>]*)>([\s\S]*?)<\/script>/g,
  )) {
    const attrs: Record<string, string> = {};
    for (const [, name = '', value = ''] of rawAttrs.matchAll(/([\w-]+)(?:="([^"]*)")?/g)) {
      attrs[name] = value;
    }
    scripts.push(children.trim() ? { attrs, children } : { attrs });
  }
  return scripts;
}

function collectSsrStylesheets(vite: ViteDevServer): string[] {
  const graph = vite.environments.ssr.moduleGraph;
  const entry = graph.urlToModuleMap.get(SERVER_ENTRY);
  const hrefs = new Set<string>();
  const seen = new Set<EnvironmentModuleNode>();
  const visit = (mod: EnvironmentModuleNode) => {
    if (seen.has(mod)) return;
    seen.add(mod);
    if (mod.url && CSS_MODULE.test(mod.url) && !NOT_A_STYLESHEET.test(mod.url)) hrefs.add(mod.url);
    for (const imported of mod.importedModules) visit(imported);
  };
  if (entry) visit(entry);
  return [...hrefs];
}
