/**
 * Where the browser sends API calls and opens the chat socket (docs/product.md, Calls: both come
 * from runtime configuration). The web server reads them from its environment (`PUBLIC_API_URL`,
 * `PUBLIC_SOCKET_URL`) and writes them into every page as one `<meta>`; the browser reads it before
 * its API client exists. Unset, both are the page's own origin, which the web server forwards to
 * the API (decision 102).
 */
import { RUNTIME_CONFIG_META, trimmedUrl } from './runtime-config-meta';
import type { SiteConfig } from './site';

export interface RuntimeConfig {
  /** Base of `/spa`, `/crm` and `/node-api` calls: an origin, optionally with a path prefix. */
  apiBaseUrl: string;
  /** Origin of the Socket.IO server (its path stays `/socket.io`). */
  socketUrl: string;
}

/** What the server knows of it: only the values set in its environment. */
export type RuntimeConfigSettings = Partial<RuntimeConfig>;

const API_PROTOCOLS = ['http:', 'https:'];
const SOCKET_PROTOCOLS = ['http:', 'https:', 'ws:', 'wss:'];

/**
 * Why `value` cannot be the API base (`kind: 'api'`) or the socket URL, if it cannot: an http(s)
 * URL without query or fragment; the socket's without a path either (Socket.IO would take a path
 * for a namespace).
 */
export function runtimeUrlProblem(value: string, kind: 'api' | 'socket'): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'an absolute URL such as https://www.example.com';
  }
  const protocols = kind === 'api' ? API_PROTOCOLS : SOCKET_PROTOCOLS;
  if (!protocols.includes(url.protocol)) return `a URL starting with ${protocols.join(' or ')}//`;
  if (url.search || url.hash || url.username || url.password) {
    return 'a URL without query, fragment or credentials';
  }
  if (kind === 'socket' && url.pathname !== '/') return 'an origin without a path';
  return undefined;
}

type Warn = (message: string, detail?: unknown) => void;
const consoleWarn: Warn = (message, detail) => console.warn(message, detail ?? '');

/**
 * The browser's settings: the page's `<meta>`, each value checked, else the page's origin. A
 * value the page cannot use is logged and the origin serves instead.
 */
export function readRuntimeConfig(
  doc: Pick<Document, 'querySelector' | 'location'> = document,
  warn: Warn = consoleWarn,
): RuntimeConfig {
  const origin = doc.location.origin;
  const content = doc.querySelector(`meta[name="${RUNTIME_CONFIG_META}"]`)?.getAttribute('content');
  let settings: Record<string, unknown> = {};
  if (content) {
    try {
      const parsed: unknown = JSON.parse(content);
      if (typeof parsed === 'object' && parsed !== null) {
        settings = parsed as Record<string, unknown>;
      }
    } catch (error) {
      warn('Runtime configuration: unreadable, the page origin serves', error);
    }
  }
  const pick = (key: keyof RuntimeConfig, kind: 'api' | 'socket'): string => {
    const value = settings[key];
    if (value === undefined) return origin;
    const problem = typeof value === 'string' ? runtimeUrlProblem(value, kind) : 'a string';
    if (problem === undefined) return trimmedUrl(value as string);
    warn(`Runtime configuration: ${key} must be ${problem}; the page origin serves`, value);
    return origin;
  };
  return { apiBaseUrl: pick('apiBaseUrl', 'api'), socketUrl: pick('socketUrl', 'socket') };
}

/** Whether `url` is on another origin than the page: its calls then need credentials. */
export function isCrossOrigin(url: string, pageOrigin: string): boolean {
  return new URL(url).origin !== pageOrigin;
}

/**
 * The CSP `connect-src` sources the settings add to 'self': the API's origin, and the socket's
 * origin in both its http(s) (long-polling) and ws(s) (WebSocket) forms.
 */
export function runtimeConnectSources(site: Pick<SiteConfig, 'runtime'>): string[] {
  const { apiBaseUrl, socketUrl } = site.runtime ?? {};
  const sources = new Set<string>();
  if (apiBaseUrl) sources.add(new URL(apiBaseUrl).origin);
  if (socketUrl) {
    const url = new URL(socketUrl);
    const secure = url.protocol === 'https:' || url.protocol === 'wss:';
    sources.add(`${secure ? 'https' : 'http'}://${url.host}`);
    sources.add(`${secure ? 'wss' : 'ws'}://${url.host}`);
  }
  return [...sources];
}
