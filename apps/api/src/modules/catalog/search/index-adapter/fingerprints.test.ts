import { describe, expect, it } from 'vitest';
import { date, labels, named, tourRow } from '@gallop/search-index/testing';
import { createTourFingerprints, sameLabels } from './fingerprints.ts';

/** Fingerprints of a build of tours 1–3, each with one date. */
function built() {
  const fingerprints = createTourFingerprints();
  const build = fingerprints.building();
  build.remember([tourRow(1), tourRow(2)], [date(1, 10, 7, 1_000), date(2, 10, 7, 2_000)]);
  build.remember([tourRow(3)], [date(3, 10, 7, 3_000)]);
  build.keep();
  return fingerprints;
}

describe('tour fingerprints', () => {
  it('leaves out tours read back as the index holds them, keeps the changed, new and removed', () => {
    const fingerprints = built();
    const { changes } = fingerprints.changedOnly({
      tours: [tourRow(1), tourRow(2, { popularity: 99 }), tourRow(3), tourRow(4)],
      // Tour 3 lost its date (sold out); tour 1's is as it was.
      dates: [date(1, 10, 7, 1_000), date(2, 10, 7, 2_000), date(4, 5, 3, 500)],
      removedIds: [8],
    });
    expect(changes.tours.map((tour) => tour.id)).toEqual([2, 3, 4]);
    expect(changes.dates.map((row) => row.tourId)).toEqual([2, 4]);
    // Tour 8 was never in the index: nothing to remove.
    expect(changes.removedIds).toEqual([]);
  });

  it('counts a date whose price or heavier-horse places changed, and a removed tour it held', () => {
    const fingerprints = built();
    const { changes } = fingerprints.changedOnly({
      tours: [tourRow(1), tourRow(2)],
      dates: [date(1, 10, 7, 1_500), date(2, 10, 7, 2_000, 1)],
      removedIds: [3],
    });
    expect(changes.tours.map((tour) => tour.id)).toEqual([1, 2]);
    expect(changes.removedIds).toEqual([3]);
  });

  it('remembers an apply only once it is committed', () => {
    const fingerprints = built();
    const changed = { tours: [tourRow(1, { minAge: 16 })], dates: [date(1, 10, 7, 1_000)] };
    const first = fingerprints.changedOnly({ ...changed, removedIds: [] });
    expect(first.changes.tours).toHaveLength(1);
    // Not committed (the apply failed): the same change is still a change.
    const again = fingerprints.changedOnly({ ...changed, removedIds: [] });
    expect(again.changes.tours).toHaveLength(1);
    again.commit();
    expect(fingerprints.changedOnly({ ...changed, removedIds: [] }).changes.tours).toEqual([]);
  });

  it('keeps the old fingerprints when a build does not land', () => {
    const fingerprints = built();
    const failed = fingerprints.building();
    failed.remember([tourRow(1, { minAge: 16 })], []);
    const read = { tours: [tourRow(1)], dates: [date(1, 10, 7, 1_000)], removedIds: [] };
    expect(fingerprints.changedOnly(read).changes.tours).toEqual([]);
  });

  it('compares labels value by value', () => {
    const organizers = named(3, 'Organizer');
    expect(sameLabels(labels({ organizers }), labels({ organizers: new Map(organizers) }))).toBe(
      true,
    );
    const renamed = new Map<number, string>(organizers).set(2, 'Steppe Riders');
    expect(sameLabels(labels({ organizers }), labels({ organizers: renamed }))).toBe(false);
    expect(sameLabels(labels({ organizers }), labels({}))).toBe(false);
  });
});
