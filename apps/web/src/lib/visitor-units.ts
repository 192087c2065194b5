import { measurementSystem, type MeasurementSystem } from '@gallop/i18n';
import { useSiteInfo } from './site-info';

/**
 * The units of the visitor's country: imperial (°F, inches, miles, feet) in the three countries
 * that do not use the metric system, metric elsewhere. The weather pages, a programme's distances
 * and climbs and the route legend read it; weights follow `useWeightUnit` (a visitor may pick).
 */
export function useVisitorUnits(): MeasurementSystem {
  return measurementSystem(useSiteInfo()?.country?.id);
}
