import type { HeavyPlaces, RiderFit, RiderPassport } from '@gallop/rider-fit';
import { passportFit, type TourRidingBrief } from './rider-fit';
import { useRiderPassport } from './rider-passport';

export interface PassportFit {
  /** False during the server render and until the visitor's passport is known. */
  ready: boolean;
  passport: RiderPassport | null;
  /** The passport's fit; null until ready, and without a passport. */
  fit: RiderFit | null;
}

/**
 * How the visitor's rider passport fits a tour. Nothing before hydration (the server renders the
 * same page for every visitor), so fit appears one render after the page is interactive.
 */
export function usePassportFit(riding: TourRidingBrief, heavy?: HeavyPlaces): PassportFit {
  const { ready, passport } = useRiderPassport();
  if (!ready || !passport) return { ready, passport: ready ? passport : null, fit: null };
  return { ready, passport, fit: passportFit(passport, riding, heavy ? { heavy } : {}) };
}
