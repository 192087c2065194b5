import { imageUrl } from '@gallop/ui-kit';
import { PROJECT_NAME, pageTitle, siteUrl } from '../../lib/site';

/** The size share previews use (Open Graph's recommended 1.91:1). */
const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/**
 * The site's own share image when a page has none (docs/product.md, Screens), served by the API.
 */
export const DEFAULT_SHARE_IMAGE = `/media/generated/landscape/1/${SHARE_IMAGE_SIZE.width}x${SHARE_IMAGE_SIZE.height}.jpg`;

/** A page's image for share previews from a media URL template with `{{size}}`. */
export function shareImage(template: string): string {
  return imageUrl(template, `${SHARE_IMAGE_SIZE.width}x${SHARE_IMAGE_SIZE.height}`);
}

export interface PageHeadData {
  /** The page's own title; the document title becomes '{title} | Gallop'. */
  title: string;
  description?: string | undefined;
  /** The page's path (or absolute URL); absolute when the public origin is known. */
  canonical: string;
  /** A share image URL (see `shareImage`); the default share image otherwise. */
  image?: string | undefined;
  imageAlt?: string | undefined;
  /** Open Graph type: 'website' by default. */
  type?: 'website' | 'article' | undefined;
  /** Keeps the page out of search results (the meet page). */
  noindex?: boolean | undefined;
}

type MetaTag =
  { title: string } | { name: string; content: string } | { property: string; content: string };

/**
 * The head of a page: title '{page title} | Gallop', description, canonical link, Open Graph and
 * Twitter tags with the page's image or the default share image. Use it from a route's `head`:
 *
 * ```ts
 * head: ({ match }) => pageHead({ title, description, canonical: '/' }, match.context.site.publicUrl),
 * ```
 */
export function pageHead(data: PageHeadData, publicUrl?: string | undefined) {
  const title = pageTitle(data.title);
  const canonical = siteUrl(data.canonical, publicUrl);
  const image = siteUrl(data.image ?? DEFAULT_SHARE_IMAGE, publicUrl);
  const description = data.description ? [data.description] : [];
  const meta: MetaTag[] = [
    { title },
    ...description.map((content) => ({ name: 'description', content })),
    ...(data.noindex ? [{ name: 'robots', content: 'noindex, nofollow' }] : []),
    { property: 'og:site_name', content: PROJECT_NAME },
    { property: 'og:title', content: title },
    { property: 'og:type', content: data.type ?? 'website' },
    { property: 'og:url', content: canonical },
    ...description.map((content) => ({ property: 'og:description', content })),
    { property: 'og:image', content: image },
    { property: 'og:image:width', content: String(SHARE_IMAGE_SIZE.width) },
    { property: 'og:image:height', content: String(SHARE_IMAGE_SIZE.height) },
    ...(data.imageAlt ? [{ property: 'og:image:alt', content: data.imageAlt }] : []),
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    ...description.map((content) => ({ name: 'twitter:description', content })),
    { name: 'twitter:image', content: image },
  ];
  return { meta, links: [{ rel: 'canonical', href: canonical }] };
}
