/**
 * The tour-selection calls (`paths/tour-selections.yaml`): thin mappings of HTTP to the services
 * of `tour-selections.ts`. Creating needs a sign-in (401 without); reading needs the token only.
 */
import type { ServiceHandlers } from '#src/contract.ts';
import type { Database } from '#src/db/client.ts';
import { requireSigned } from '#src/modules/sessions/index.ts';
import { requestCardContext } from '#src/modules/catalog/index.ts';
import type { RatesCache } from '#src/shared/money/rates.ts';
import { createTourSelection, readTourSelection } from './tour-selections.ts';

export interface TourSelectionHandlerDeps {
  db: Database;
  rates: RatesCache;
  content?: { publicUrl?: string | undefined } | undefined;
  now?: () => Date;
}

const DEFAULT_PUBLIC_URL = 'http://127.0.0.1:3000';

export function tourSelectionHandlers(
  deps: TourSelectionHandlerDeps,
): Pick<ServiceHandlers, 'createTourSelection' | 'getTourSelection'> {
  const { db, rates } = deps;
  const service = {
    db,
    publicUrl: deps.content?.publicUrl ?? DEFAULT_PUBLIC_URL,
    now: deps.now ?? (() => new Date()),
  };
  return {
    async createTourSelection(request, reply) {
      const { user } = await requireSigned(db, request);
      // The cards in the answer carry alt texts, like the page the link opens.
      const context = await requestCardContext(request, rates, true);
      const created = await createTourSelection(service, user, request.body, context);
      return reply.code(201).send(created);
    },

    async getTourSelection(request) {
      const { token, with_alt } = request.query;
      const context = await requestCardContext(request, rates, with_alt === 1);
      return readTourSelection(db, token, context);
    },
  };
}
