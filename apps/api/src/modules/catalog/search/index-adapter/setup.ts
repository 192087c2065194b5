/** The in-process search index as the environment configures it (see docs/operations.md). */
import type { Database, DatabaseDriver } from '#src/db/client.ts';
import type { Env } from '#src/env.ts';
import type { TourChangesFeed } from '../../cache/tour-changes.ts';
import { createTourFingerprints, sameLabels } from './fingerprints.ts';
import { createTourIndexProvider, type TourIndexProvider } from './index-provider.ts';
import { loadChangedTours, loadLabels, loadTourIndex } from './load-index.ts';
import { applyChangedTours, prepareIndex } from '@gallop/search-index';

/**
 * A catalogue up to this size serves its new index before preparing it (decision 076): a
 * structure built on a search costs it a few milliseconds at most here.
 */
const SERVES_UNPREPARED_TOURS = 5_000;

export function createSearchIndex(
  env: Pick<Env, 'SEARCH_INDEX'>,
  db: Database,
  log: TourIndexProviderLog,
  /** Which database it reads: pages come as JSON from PGlite (see `PageFormat`). */
  driver: DatabaseDriver,
  /** The tours the catalogue's writes change, applied to the index tour by tour. */
  changes: TourChangesFeed,
): TourIndexProvider | undefined {
  if (env.SEARCH_INDEX === 'off') return undefined;
  const fingerprints = createTourFingerprints();
  return createTourIndexProvider({
    changes: changes.subscribe(),
    log,
    servesUnpreparedUpTo: SERVES_UNPREPARED_TOURS,
    build: async (key) => {
      const built = fingerprints.building();
      const index = await loadTourIndex(db, key, {
        pages: driver === 'pglite' ? 'json' : 'rows',
        onPage: built.remember,
        onLaidOut: ({ ms, longestSliceMs }) =>
          log.info(
            { ms: Math.round(ms), longestSliceMs: Math.round(longestSliceMs) },
            'search index laid out',
          ),
      });
      built.keep();
      return index;
    },
    apply: async (index, tourIds, { version }) => {
      // Labels are read again too: a changed tour may name a new organizer, city or ship.
      const [read, labels] = await Promise.all([
        loadChangedTours(db, tourIds, index.today),
        loadLabels(db),
      ]);
      const { changes, commit } = fingerprints.changedOnly(read);
      const renamed = !sameLabels(labels, index.labels);
      const moved = changes.tours.length + changes.removedIds.length;
      // Nothing the index reads changed (a review, a seat on a date still bookable): it stays.
      if (moved === 0 && !renamed) return index;
      const next = await applyChangedTours(index, changes, { version, labels });
      commit();
      return next;
    },
    prepare: async (index) => {
      const timings = await prepareIndex(index);
      const longestSliceMs = Math.max(0, ...timings.map((timing) => timing.longestSliceMs));
      const slowest = timings.sort((a, b) => b.ms - a.ms).slice(0, 3);
      log.info(
        {
          longestSliceMs: Math.round(longestSliceMs),
          slowest: slowest.map(
            ({ label, tours, ms }) => `${label} (${tours} tours) ${Math.round(ms)} ms`,
          ),
        },
        'search index prepared',
      );
    },
  });
}

type TourIndexProviderLog = Parameters<typeof createTourIndexProvider>[0]['log'];
