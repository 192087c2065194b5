import type { MeasurementSystem } from '@gallop/i18n';
import './unit-switch.css';

export interface UnitSwitchProps {
  system: MeasurementSystem;
  onChange: (system: MeasurementSystem) => void;
}

const OPTIONS: { system: MeasurementSystem; label: string; name: string }[] = [
  { system: 'metric', label: '°C, mm', name: 'Metric: degrees Celsius and millimetres' },
  { system: 'imperial', label: '°F, in', name: 'Imperial: degrees Fahrenheit and inches' },
];

/** Metric or imperial units: two toggle buttons, the pressed one is in use. */
export function UnitSwitch({ system, onChange }: UnitSwitchProps) {
  return (
    <div className="unit-switch" role="group" aria-label="Units">
      {OPTIONS.map((option) => (
        <button
          key={option.system}
          type="button"
          className="unit-switch__option"
          aria-pressed={option.system === system}
          aria-label={option.name}
          onClick={() => onChange(option.system)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
