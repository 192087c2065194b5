import type { MeasurementSystem } from '@gallop/i18n';
import { UnitToggle } from '../../../../components/unit-toggle/unit-toggle';

export interface UnitSwitchProps {
  system: MeasurementSystem;
  onChange: (system: MeasurementSystem) => void;
}

const OPTIONS = [
  { unit: 'metric', label: '°C, mm', name: 'Metric: degrees Celsius and millimetres' },
  { unit: 'imperial', label: '°F, in', name: 'Imperial: degrees Fahrenheit and inches' },
] as const;

/** Metric or imperial units: two toggle buttons, the pressed one is in use. */
export function UnitSwitch({ system, onChange }: UnitSwitchProps) {
  return <UnitToggle groupLabel="Units" options={OPTIONS} value={system} onChange={onChange} />;
}
