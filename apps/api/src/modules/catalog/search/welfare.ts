/**
 * The welfare filter's SQL (decision 122): a tour's effective welfare statement (its own values
 * over its organizer's, decision 114) and the commitments it holds, read through the tour's
 * organizer. The index reads the statement (`effectiveWelfare`) and applies `welfareCommitmentsOf`
 * of `@gallop/search-index`; the SQL search compiles the same `WELFARE_RULES` here, and the
 * equivalence test holds the two to the same answers.
 */
import { WELFARE_COMMITMENTS, type WelfareCommitment } from '@gallop/search-filters';
import { WELFARE_RULES } from '@gallop/search-index';
import { sql, type SQL } from 'drizzle-orm';
import { textArray } from './sql.ts';

/** A value of the statement: the tour's own, else its organizer's (aliased `o`). */
const effective = (column: string) => sql.raw(`coalesce(tours.${column}, o.${column})`);

/** The organizer has stated welfare (the database keeps a statement whole, decision 114). */
const STATED = sql`num_nulls(o.welfare_rest_days_per_week, o.welfare_max_work_hours,
  o.welfare_turnout, o.welfare_vet_on_call, o.welfare_farrier_on_call, o.welfare_retirement) = 0`;

/** The tour's organizer, when it has stated welfare: `select … from ${STATED_ORGANIZER}`. */
const STATED_ORGANIZER = sql`organizers o where o.id = tours.organizer_id and ${STATED}`;

/**
 * The effective statement as the index's `EffectiveWelfare` (a JSON object), null when the
 * organizer has not stated one. Reads `tours`.
 */
export const effectiveWelfare = sql`(select json_build_object(
    'restDaysPerWeek', ${effective('welfare_rest_days_per_week')},
    'maxWorkHours', ${effective('welfare_max_work_hours')},
    'turnout', ${effective('welfare_turnout')},
    'vetOnCall', ${effective('welfare_vet_on_call')},
    'retirement', o.welfare_retirement)
  from ${STATED_ORGANIZER})`;

/** What each commitment asks of the effective statement, as SQL over `tours` and `o`. */
const HOLDS: Record<WelfareCommitment, SQL> = {
  two_rest_days: sql`${effective('welfare_rest_days_per_week')} >= ${WELFARE_RULES.minRestDays}`,
  short_working_days: sql`${effective('welfare_max_work_hours')} <= ${WELFARE_RULES.maxWorkHours}`,
  herd_turnout: sql`${effective('welfare_turnout')} = any(${textArray(WELFARE_RULES.herdTurnouts)})`,
  vet_on_call: sql`${effective('welfare_vet_on_call')}`,
  retirement_home: sql`o.welfare_retirement = any(${textArray(WELFARE_RULES.retirementHomes)})`,
};

/**
 * The commitments the tour holds, a `text[]` in `WELFARE_COMMITMENTS` order; empty when its
 * organizer has not stated welfare. Reads `tours`.
 */
export const welfareCommitments = sql`coalesce((select array_remove(array[${sql.join(
  WELFARE_COMMITMENTS.map(
    (commitment) => sql`case when ${HOLDS[commitment]} then ${commitment} end`,
  ),
  sql`, `,
)}]::text[], null) from ${STATED_ORGANIZER}), '{}'::text[])`;

/** The tour holds every one of `wanted` (one probe of its organizer's row). */
export function holdsWelfare(wanted: readonly WelfareCommitment[]): SQL {
  const holds = wanted.map((commitment) => HOLDS[commitment]);
  return sql`exists (select 1 from ${STATED_ORGANIZER} and ${sql.join(holds, sql` and `)})`;
}
