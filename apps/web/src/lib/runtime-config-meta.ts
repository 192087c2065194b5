/**
 * The page's runtime configuration `<meta>` (see `./runtime-config.ts`), as the root route's head
 * writes it. Apart from the browser's reader because every page's first-load bundle carries the
 * root route, and the reader is needed only by the API client's and the chat's own chunks.
 */
import type { RuntimeConfigSettings } from './runtime-config';
import type { SiteConfig } from './site';

export const RUNTIME_CONFIG_META = 'gallop-runtime-config';

/** The URL as the client uses it: no trailing slash (the calls' paths start with one). */
export const trimmedUrl = (value: string) => value.replace(/\/+$/, '');

/** The page's `<meta>` carrying the settings; none when nothing is set (the defaults apply). */
export function runtimeConfigMeta(
  site: Pick<SiteConfig, 'runtime'>,
): { name: string; content: string } | undefined {
  const { apiBaseUrl, socketUrl } = site.runtime ?? {};
  if (!apiBaseUrl && !socketUrl) return undefined;
  const settings: RuntimeConfigSettings = {
    ...(apiBaseUrl ? { apiBaseUrl: trimmedUrl(apiBaseUrl) } : {}),
    ...(socketUrl ? { socketUrl: trimmedUrl(socketUrl) } : {}),
  };
  return { name: RUNTIME_CONFIG_META, content: JSON.stringify(settings) };
}
