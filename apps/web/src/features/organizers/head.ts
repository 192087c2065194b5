import { shortText } from './format';
import { organizerPath, type Organizer } from './api';

/** What the provider page puts in the document head (the route turns it into tags). */
export interface OrganizerHeadData {
  title: string;
  description: string;
  canonical: string;
  /** The provider's picture (a `{{size}}` template): the share image. */
  imageTemplate: string | undefined;
  imageAlt: string | undefined;
}

/** A description for search results and previews: the provider's own text, else a summary. */
function describe(organizer: Organizer): string {
  if (organizer.description?.trim()) return shortText(organizer.description);
  const where = organizer.country ? ` in ${organizer.country.name}` : '';
  return `Horseback tours${where} by ${organizer.name}: tours, reviews and verification on Gallop.`;
}

export function organizerHeadData(organizer: Organizer): OrganizerHeadData {
  const picture = organizer.avatar ?? organizer.images?.[0];
  return {
    title: organizer.name,
    description: describe(organizer),
    canonical: organizerPath(organizer.id),
    imageTemplate: picture?.image,
    imageAlt: picture ? (picture.alt ?? organizer.name) : undefined,
  };
}
