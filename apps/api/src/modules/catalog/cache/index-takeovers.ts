/**
 * What the response cache learns from the search index (decision 150): each time a new index
 * takes over, the one it replaces, the tours read again for it and how far the change log had
 * been read. The cache checks its answers' filters against those tours, before and after.
 */
import type { CountedTour, TourIndex } from '@gallop/search-index';

export interface IndexTakeover {
  /** The index that served until now (none at the first build). */
  previous: TourIndex | undefined;
  /** The index that serves from now on; the same as `previous` when nothing it reads changed. */
  next: TourIndex;
  /** The tours read again for it, or 'all' (a full read after "every tour changed", a new day). */
  changed: readonly number[] | 'all';
  /**
   * The changed tours a search may count, as `previous` held them and as `next` holds them
   * (`countedToursOf`), read on the first call; none with 'all' or without a previous index.
   */
  changedTours(): readonly CountedTour[];
  /**
   * The database time (ms) of the latest change-log read it includes: every change committed
   * before it is in `next` (-Infinity when the feed had not been read yet).
   */
  changesUpTo: number;
}

export interface IndexTakeovers {
  /**
   * Calls `listener` at each takeover, synchronously, before any search reads the new index; at
   * once with the serving index, if there is one.
   */
  onTakeover(listener: (takeover: IndexTakeover) => void): void;
  /** The serving index; asking also starts applying the changes drained so far. */
  current(): Promise<TourIndex | undefined>;
}
