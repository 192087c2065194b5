import type { MeasurementSystem } from '@gallop/i18n';

const NBSP = '\u00a0';
const MM_PER_INCH = 25.4;

/** A temperature in the visitor's unit, rounded to a whole degree (normals are not precise). */
export function temperatureIn(celsius: number, system: MeasurementSystem): number {
  // `+ 0` turns a rounded -0 into 0.
  return Math.round(system === 'metric' ? celsius : (celsius * 9) / 5 + 32) + 0;
}

export function temperatureUnit(system: MeasurementSystem): string {
  return system === 'metric' ? '°C' : '°F';
}

/** '30 °C' or '86 °F'. */
export function formatTemperature(celsius: number, system: MeasurementSystem): string {
  return `${temperatureIn(celsius, system)}${NBSP}${temperatureUnit(system)}`;
}

/** Rainfall as a number: whole millimetres, or inches to one decimal. */
export function rainIn(millimetres: number, system: MeasurementSystem): string {
  if (system === 'metric') return String(Math.round(millimetres));
  return (millimetres / MM_PER_INCH).toFixed(1);
}

export function rainUnit(system: MeasurementSystem): string {
  return system === 'metric' ? 'mm' : 'in';
}

/** '50 mm' or '2.0 in'. */
export function formatRain(millimetres: number, system: MeasurementSystem): string {
  return `${rainIn(millimetres, system)}${NBSP}${rainUnit(system)}`;
}
