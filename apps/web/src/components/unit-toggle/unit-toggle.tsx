import './unit-toggle.css';

interface UnitToggleOption<Unit extends string> {
  unit: Unit;
  /** What the button shows ("°C, mm", "kg"). */
  label: string;
  /** Its accessible name ("Metric: degrees Celsius and millimetres", "Kilograms"). */
  name: string;
}

export interface UnitToggleProps<Unit extends string> {
  /** The group's accessible name ("Units", "Weight unit"). */
  groupLabel: string;
  options: readonly UnitToggleOption<Unit>[];
  value: Unit;
  onChange: (unit: Unit) => void;
  className?: string;
}

/**
 * Units as toggle buttons, the pressed one in use: the weather's °C/°F and a weight field's
 * kg/lb look and behave the same.
 */
export function UnitToggle<Unit extends string>({
  groupLabel,
  options,
  value,
  onChange,
  className,
}: UnitToggleProps<Unit>) {
  return (
    <div
      className={['unit-toggle', className].filter(Boolean).join(' ')}
      role="group"
      aria-label={groupLabel}
    >
      {options.map((option) => (
        <button
          key={option.unit}
          type="button"
          className="unit-toggle__option"
          aria-pressed={option.unit === value}
          aria-label={option.name}
          onClick={() => onChange(option.unit)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
