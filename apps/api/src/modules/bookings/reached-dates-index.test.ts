/**
 * The booking job's minimum check (`guaranteeReachedDates`, decision 187) reads the undecided
 * dates with a minimum group through an index of their own (migration 0047,
 * `tour_dates_minimum_undecided_idx`). Without it PostgreSQL read every date ahead and counted
 * the groups of those it kept: on a 10k-tour seed with 283k bookings, 39,415 dates filtered to
 * 2,285 each minute, an estimate high enough to compile the query (JIT), about 2 s a round;
 * with it, the 2,285 alone, about 0.5 s. Sequential scans are turned off here, so the plan of the
 * small test catalogue shows which index the planner has for these rows.
 */
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#src/db/client.ts';
import { tourDates } from '#src/db/schema/index.ts';
import { openTestDatabase } from '#src/testing/database.ts';
import { reachedUndecidedSql } from './transitions.ts';

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openTestDatabase();
}, 120_000);
afterAll(() => handle?.close());

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** Every node of a plan, depth first. */
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

describe("the booking job's undecided dates with a minimum", () => {
  it('are read through their own partial index', async () => {
    const now = new Date();
    // The step's query (`guaranteeReachedDates`, departures.ts).
    const query = handle.db
      .select({ id: tourDates.id })
      .from(tourDates)
      .where(reachedUndecidedSql(now))
      .orderBy(asc(tourDates.id))
      .limit(100);
    const plan = await handle.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const explained = await tx.execute<{ 'QUERY PLAN': unknown }>(
        sql`explain (format json) ${query}`,
      );
      const cell = explained.rows[0]!['QUERY PLAN'];
      // node-postgres parses the json column; PGlite may hand it over as text.
      const parsed = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan: PlanNode }[];
      return parsed[0]!.Plan;
    });
    const datesRead = nodesOf(plan).filter(
      (node) => node['Index Name'] !== undefined && node['Index Name'].startsWith('tour_dates'),
    );
    expect(
      datesRead.map((node) => node['Index Name']),
      JSON.stringify(plan),
    ).toEqual(['tour_dates_minimum_undecided_idx']);
  }, 120_000);
});
