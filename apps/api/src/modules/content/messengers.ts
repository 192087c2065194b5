/** The site's messenger links (`site_settings.messengers`), in the order the site shows them. */
import type { components } from '@gallop/api-client';
import type { Database } from '#src/db/client.ts';
import { readSiteSettings, type MessengerSource, type SiteSettings } from './site-settings.ts';

type Messengers = components['schemas']['Messengers'];

/**
 * Messenger display order: facebook first, since Russian is not offered (docs/product.md,
 * Entities).
 */
const MESSENGER_ORDER: MessengerSource[] = [
  'facebook',
  'telegram',
  'whatsapp',
  'viber',
  'instagram',
  'vk',
  'ok',
];

/** The messengers map with its keys in display order (JSON keeps insertion order). */
export function orderMessengers(messengers: SiteSettings['messengers']): Messengers {
  const ordered: Messengers = {};
  for (const source of MESSENGER_ORDER) {
    const url = messengers[source];
    if (url) ordered[source] = url;
  }
  return ordered;
}

/** The site's messenger links, in display order. */
export async function siteMessengers(db: Database): Promise<Messengers> {
  const { messengers } = await readSiteSettings(db, ['messengers']);
  return orderMessengers(messengers);
}
