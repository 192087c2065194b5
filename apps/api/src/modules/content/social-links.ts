/** The site's own pages on social networks (`social_links`), with each network's display name. */
import type { components } from '@gallop/api-client';
import { asc } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { socialLinks } from '#src/db/schema/index.ts';

type Schemas = components['schemas'];

const SOCIAL_TITLES: Record<Schemas['SocialSource'], string> = {
  telegram: 'Telegram',
  instagram: 'Instagram',
  vk: 'VK',
  ok: 'Odnoklassniki',
  zen: 'Dzen',
  tiktok: 'TikTok',
  facebook: 'Facebook',
  x: 'X',
  weibo: 'Weibo',
  bilibili: 'Bilibili',
};

const isSocialSource = (source: string): source is Schemas['SocialSource'] =>
  Object.hasOwn(SOCIAL_TITLES, source);

/** The links in order; a row of a network the contract does not know is left out. */
export async function listSocialLinks(db: Database): Promise<Schemas['SocialLink'][]> {
  const rows = await db
    .select()
    .from(socialLinks)
    .orderBy(asc(socialLinks.position), asc(socialLinks.id));
  return rows.flatMap((row) =>
    isSocialSource(row.source)
      ? [{ source: row.source, title: SOCIAL_TITLES[row.source], url: row.url }]
      : [],
  );
}
