import type { Tour } from './api';

const DESCRIPTION_LENGTH = 160;

/** What a tour page puts in the document head (the route turns it into tags). */
export interface TourHeadData {
  title: string;
  description: string;
  /** Path of the canonical address. */
  canonical: string;
  /** The tour's first photo (a `{{size}}` template): the share image. */
  imageTemplate: string | undefined;
  imageAlt: string | undefined;
  type: 'article';
}

/** A description for search results: the stored one, else the text cut on a word boundary. */
function shortDescription(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= DESCRIPTION_LENGTH) return flat;
  return `${flat.slice(0, DESCRIPTION_LENGTH - 1).replace(/\s+\S*$/, '')}…`;
}

export function tourHeadData(tour: Tour): TourHeadData {
  const [first] = tour.images;
  return {
    title: tour.name,
    description: tour.seo?.description ?? shortDescription(tour.description),
    canonical: tour.seo?.canonical ?? `/${tour.slug}`,
    imageTemplate: first?.image,
    imageAlt: first?.alt ?? tour.name,
    type: 'article',
  };
}
