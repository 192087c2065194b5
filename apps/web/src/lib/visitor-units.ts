import { measurementSystem, type MeasurementSystem } from '@gallop/i18n';
import { useVisitorCountry } from './visitor-country';

/**
 * The units of the visitor's country (`useVisitorCountry`): imperial (°F, inches, miles, feet) in
 * the three countries that do not use the metric system, metric elsewhere. The weather pages, a
 * programme's distances and climbs and the route legend read it; weights follow `useWeightUnit`
 * (a visitor may pick).
 */
export function useVisitorUnits(): MeasurementSystem {
  return measurementSystem(useVisitorCountry()?.id);
}
