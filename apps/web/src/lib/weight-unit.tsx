/**
 * The unit weights are shown and typed in: the visitor's country's (pounds in the US, as the
 * weather pages use its degrees and inches), or the one they picked on a weight field, kept in a
 * cookie for a year (decision 145). Weights stay kilograms in every call and value; only what
 * people read and type changes (`formatWeight`, `weightToKg` of rider-fit).
 */
import { measurementSystem } from '@gallop/i18n';
import type { WeightUnit } from '@gallop/rider-fit';
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { useVisitorCountry, useVisitorPreferences } from './visitor-country';

/** Pounds for the countries that do not use the metric system, kilograms elsewhere. */
export function weightUnitOf(countryId: number | string | null | undefined): WeightUnit {
  return measurementSystem(countryId) === 'imperial' ? 'lb' : 'kg';
}

type WeightUnitChoice = readonly [WeightUnit, (unit: WeightUnit) => void];

/**
 * Worked out once for the page (`WeightUnitProvider`): a tour card reads it without asking the
 * site info or storage itself, and renders again only when the unit changes.
 */
const WeightUnitContext = createContext<WeightUnitChoice | null>(null);

/** Outside the provider (a component alone in a test): kilograms, and nothing to pick. */
const NO_CHOICE: WeightUnitChoice = ['kg', () => undefined];

/**
 * The visitor's weight unit and a way to pick another. The server renders the unit they picked
 * (their cookie), else their country's; a pick holds for the rest of the visit (the provider is
 * the root's) and, in its cookie (`WeightField`), for the next ones.
 */
function useWeightUnitState(): WeightUnitChoice {
  const visitor = useVisitorPreferences();
  const country = useVisitorCountry()?.id;
  // The unit picked on a weight field, now or on an earlier visit (the field keeps it in its
  // cookie: its code stays out of the first load); the country's until then.
  const [picked, setPicked] = useState(visitor?.weightUnit);
  const unit = picked ?? weightUnitOf(country);
  return useMemo(() => [unit, setPicked] as const, [unit]);
}

/** Around the whole page (the root document): the visitor's weight unit for every part of it. */
export function WeightUnitProvider({ children }: { children: ReactNode }) {
  return (
    <WeightUnitContext.Provider value={useWeightUnitState()}>{children}</WeightUnitContext.Provider>
  );
}

/** The visitor's weight unit and a way to pick another (a weight field's unit buttons). */
export function useWeightUnitChoice(): WeightUnitChoice {
  return useContext(WeightUnitContext) ?? NO_CHOICE;
}

/** The unit weights are written in for this visitor. */
export function useWeightUnit(): WeightUnit {
  return useWeightUnitChoice()[0];
}
