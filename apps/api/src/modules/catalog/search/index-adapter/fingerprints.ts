/**
 * What the served index holds of each tour, as one number per tour (decision 110). Most catalogue
 * writes change nothing the index reads: a review changes a rating, a booking a date's free seats
 * (the date stays bookable), an organizer's edit its card. Applying those would lay out and
 * prepare the whole index again for nothing (about 1.3 s at 100k tours, more under load), so
 * the changed tours whose rows read back as the index holds them are left out of an apply.
 */
import type { IndexDateRow, IndexLabels, IndexTourRow, TourChanges } from '@gallop/search-index';

/** cyrb53: a 53-bit string hash; two different rows share one about once in 2^53. */
function hash53(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** A tour's row and bookable dates as one number (values read as numbers whatever the driver). */
function fingerprintOf(tour: IndexTourRow, dates: readonly IndexDateRow[]): number {
  let text = JSON.stringify(tour);
  for (const date of dates) {
    text += `|${date.startDate},${Number(date.duration)},${Number(date.priceUsd)},${Number(
      date.pricePerDayUsd,
    )},${Number(date.heavyPlacesFree)}`;
  }
  return hash53(text);
}

function datesByTour(dates: readonly IndexDateRow[]): Map<number, IndexDateRow[]> {
  const byTour = new Map<number, IndexDateRow[]>();
  for (const date of dates) {
    const tourId = Number(date.tourId);
    let list = byTour.get(tourId);
    if (!list) byTour.set(tourId, (list = []));
    list.push(date);
  }
  return byTour;
}

function sameMap<Key>(a: ReadonlyMap<Key, unknown>, b: ReadonlyMap<Key, unknown>): boolean {
  if (a.size !== b.size) return false;
  for (const [key, value] of a) if (b.get(key) !== value) return false;
  return true;
}

/** Whether two label sets name every value alike. */
export function sameLabels(a: IndexLabels, b: IndexLabels): boolean {
  return (Object.keys(a) as (keyof IndexLabels)[]).every((kind) =>
    sameMap(a[kind] as ReadonlyMap<unknown, unknown>, b[kind] as ReadonlyMap<unknown, unknown>),
  );
}

/** The fingerprints of a full build, kept only once it has landed (a failed one keeps the old). */
interface BuildFingerprints {
  /** A page of the build's rows. */
  remember(tours: readonly IndexTourRow[], dates: readonly IndexDateRow[]): void;
  /** The build landed: its tours are what the index holds. */
  keep(): void;
}

export interface TourFingerprints {
  building(): BuildFingerprints;
  /**
   * `changes` less the tours the index already holds as they are, and what to remember once the
   * apply has landed (not before: a failed apply is tried again with the same tours).
   */
  changedOnly(changes: TourChanges): { changes: TourChanges; commit: () => void };
}

export function createTourFingerprints(): TourFingerprints {
  let kept = new Map<number, number>();
  return {
    building() {
      const built = new Map<number, number>();
      return {
        remember(tours, dates) {
          const byTour = datesByTour(dates);
          for (const tour of tours) {
            built.set(tour.id, fingerprintOf(tour, byTour.get(tour.id) ?? []));
          }
        },
        keep: () => (kept = built),
      };
    },
    changedOnly({ tours, dates, removedIds }) {
      const byTour = datesByTour(dates);
      const next = new Map<number, number>();
      for (const tour of tours) {
        const fingerprint = fingerprintOf(tour, byTour.get(tour.id) ?? []);
        if (kept.get(tour.id) !== fingerprint) next.set(tour.id, fingerprint);
      }
      const removed = removedIds.filter((id) => kept.has(id));
      return {
        changes: {
          tours: tours.filter((tour) => next.has(tour.id)),
          dates: dates.filter((date) => next.has(Number(date.tourId))),
          removedIds: removed,
        },
        commit() {
          for (const [tourId, fingerprint] of next) kept.set(tourId, fingerprint);
          for (const tourId of removed) kept.delete(tourId);
        },
      };
    },
  };
}
