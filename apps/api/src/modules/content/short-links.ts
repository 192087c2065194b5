/** The site's short links (`short_links`): an id that stands for a longer address. */
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { shortLinks } from '#src/db/schema/index.ts';
import { notFound } from '#src/http/http-error.ts';

/** The address a short link stands for; 404 for an unknown id. */
export async function shortLinkTarget(db: Database, id: number): Promise<string> {
  const [link] = await db
    .select({ targetUrl: shortLinks.targetUrl })
    .from(shortLinks)
    .where(eq(shortLinks.id, id));
  if (!link) throw notFound('Short link not found');
  return link.targetUrl;
}
