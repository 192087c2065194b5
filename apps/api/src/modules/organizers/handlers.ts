import type { ServiceHandlers } from '#src/contract.ts';
import type { Database } from '#src/db/client.ts';
import { notFound } from '#src/http/http-error.ts';
// Shared with the content calls until request validation refuses `Infinity` itself.
import {
  findPublishedOrganizer,
  listHubOrganizers,
  toOrganizer,
  toVerificationInfo,
} from './profile.ts';

export interface OrganizersDeps {
  db: Database;
}

/**
 * Contract handlers for the public side of the `organizers` tag. The owner's calls (`info`,
 * `list`, `view`) and the writes need a signed-in member account: see `own.ts`.
 */
export function organizersHandlers({
  db,
}: OrganizersDeps): Pick<
  ServiceHandlers,
  'getOrganizerPublicInfo' | 'getOrganizerVerificationInfo' | 'getHubOrganizerPage'
> {
  return {
    // `author_data_from_crm` asks for the profile as the back office keeps it; the back office
    // writes to this same database, so the public profile already is that data.
    async getOrganizerPublicInfo(request) {
      const found = await findPublishedOrganizer(db, request.query.id);
      if (!found) throw notFound('Organizer not found');
      return toOrganizer(found.organizer, found.country, { landscape: found.landscape });
    },

    async getOrganizerVerificationInfo(request) {
      const found = await findPublishedOrganizer(db, request.query.id);
      if (!found) throw notFound('Organizer not found');
      return toVerificationInfo(found.organizer);
    },

    async getHubOrganizerPage(request) {
      const { page = 1, limit = 20, country_id: countryId } = request.query;
      return listHubOrganizers(db, { page, limit, countryId });
    },
  };
}
