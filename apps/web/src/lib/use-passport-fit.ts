import type { HeavyPlaces, RiderFit, RiderPassport } from '@gallop/rider-fit';
import { passportFit, type TourRidingBrief } from './rider-fit';
import { useVisitorPassport, useVisitorPassportOnly } from './visitor-passport';
import { useWeightUnit } from './weight-unit';

export interface PassportFit {
  /** False during the server render and until the visitor's passport is known. */
  ready: boolean;
  passport: RiderPassport | null;
  /** The passport's fit; null until ready, and without a passport. */
  fit: RiderFit | null;
}

/**
 * How the visitor's rider passport fits a tour. Nothing before hydration (the server renders the
 * same page for every visitor), so fit appears one render after the page knows the passport.
 */
export function usePassportFit(riding: TourRidingBrief, heavy?: HeavyPlaces): PassportFit {
  const { ready, passport } = useVisitorPassport();
  const weightUnit = useWeightUnit();
  if (!ready || !passport) return { ready, passport: ready ? passport : null, fit: null };
  return { ready, passport, fit: passportFit(passport, riding, { heavy, weightUnit }) };
}

/**
 * The fit alone, for parts that show nothing without a passport (every tour card): they do not
 * render again when the page learns that there is none.
 */
export function usePassportFitOnly(riding: TourRidingBrief, heavy?: HeavyPlaces): RiderFit | null {
  const passport = useVisitorPassportOnly();
  const weightUnit = useWeightUnit();
  return passport ? passportFit(passport, riding, { heavy, weightUnit }) : null;
}
