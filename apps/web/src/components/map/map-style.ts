import type { components } from '@gallop/api-client';
import type { StyleSpecification } from 'maplibre-gl';
import { baseMapStyle } from './base-style';

type SiteTokens = components['schemas']['SiteTokens'];

/** What a map draws under its markers: the built-in offline base, or a provider's style. */
export type MapStyleChoice = { kind: 'base' } | { kind: 'provider'; url: string };

/**
 * The site tokens' `maps_provider` is a style URL (`{token}` stands for `maps_token`); it
 * replaces the offline base in production. Anything but an http(s) URL keeps the base map.
 */
export function mapStyleChoice(
  tokens: Pick<SiteTokens, 'maps_provider' | 'maps_token'> | undefined,
): MapStyleChoice {
  const template = tokens?.maps_provider?.trim();
  if (!template) return { kind: 'base' };
  const url = template.replaceAll('{token}', encodeURIComponent(tokens?.maps_token ?? ''));
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:'
      ? { kind: 'provider', url }
      : { kind: 'base' };
  } catch {
    return { kind: 'base' };
  }
}

export function styleOf(choice: MapStyleChoice): StyleSpecification | string {
  return choice.kind === 'provider' ? choice.url : baseMapStyle();
}
