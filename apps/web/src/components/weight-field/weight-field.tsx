import { riderWeightRange, weightIn, weightToKg, type WeightUnit } from '@gallop/rider-fit';
import { Field, type FieldControlProps, type RuleFunction } from '@gallop/ui-kit';
import { useEffect, useRef, useState } from 'react';
import { useWeightUnitChoice } from '../../lib/weight-unit';
import { weightUnitCookie } from '../../lib/weight-unit-cookie';
import { UnitToggle } from '../unit-toggle/unit-toggle';
import './weight-field.css';

/** The kilograms a form value holds: `undefined` when empty, `NaN` when not a number. */
function keptKg(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  return Number(value);
}

/** The text a kept value reads as in `unit` (kilograms as kept, pounds whole). */
export function weightText(value: unknown, unit: WeightUnit): string {
  const kg = keptKg(value);
  if (kg === undefined) return '';
  if (!Number.isFinite(kg)) return String(value);
  return unit === 'kg' ? String(kg) : String(weightIn(kg, 'lb'));
}

/**
 * The value to keep for a text typed in `unit`: kilograms to a tenth, as text (the forms hold
 * text); what is not a number is kept as typed, and the field's range rule says what is wanted.
 */
export function weightValue(text: string, unit: WeightUnit): string {
  const normalised = text.trim().replace(',', '.');
  if (normalised === '') return '';
  const typed = Number(normalised);
  return Number.isFinite(typed) ? String(weightToKg(typed, unit)) : text;
}

const sameValue = (a: unknown, b: unknown) => String(a ?? '') === String(b ?? '');

const UNIT_OPTIONS = [
  { unit: 'kg', label: 'kg', name: 'Kilograms' },
  { unit: 'lb', label: 'lb', name: 'Pounds' },
] as const;

export interface WeightFieldProps {
  name: string;
  /** "Weight with clothing": the unit follows ("Weight with clothing, lb"). */
  label: string;
  hint?: string;
  required?: boolean;
  className?: string;
}

/**
 * A rider's weight inside a `Form`, typed in kilograms or pounds (the visitor's unit, or the one
 * they pick beside the field) and kept in kilograms: the form's value is what the API takes.
 * Outside 20–200 kg (45–440 lb) it says the range in the unit shown.
 */
export function WeightField({ name, label, hint, required = false, className }: WeightFieldProps) {
  const [unit, setUnit] = useWeightUnitChoice();
  // A pick holds for the visit (the page's unit) and, in its cookie, for the next ones.
  const pickUnit = (next: WeightUnit) => {
    setUnit(next);
    document.cookie = weightUnitCookie(next, location.protocol === 'https:');
  };
  // The rule reads the unit on screen when it runs, whenever the field was registered.
  const unitRef = useRef(unit);
  unitRef.current = unit;
  const inRange: RuleFunction = (value) => {
    const kg = keptKg(value);
    if (kg === undefined) return true;
    const shown = unitRef.current;
    const range = riderWeightRange(shown);
    const weight = shown === 'kg' ? kg : weightIn(kg, 'lb');
    return (
      (Number.isFinite(weight) && weight >= range.min && weight <= range.max) ||
      `Between ${range.min} and ${range.max} ${shown}`
    );
  };
  return (
    <Field
      name={name}
      label={`${label}, ${unit}`}
      hint={hint}
      className={className}
      rules={required ? ['required', inRange] : inRange}
      render={(control) => <WeightControl control={control} unit={unit} onUnit={pickUnit} />}
    />
  );
}

function WeightControl({
  control: { value, onChange, ...control },
  unit,
  onUnit,
}: {
  control: FieldControlProps;
  unit: WeightUnit;
  onUnit: (unit: WeightUnit) => void;
}) {
  const [draft, setDraft] = useState(() => weightText(value, unit));
  // A value set from outside (a passport filled the rider) or another unit: shown anew, unless
  // what is typed already means it (a half-typed "82." stays as typed).
  useEffect(() => {
    setDraft((current) =>
      sameValue(weightValue(current, unit), value) ? current : weightText(value, unit),
    );
  }, [value, unit]);
  return (
    <div className="weight-field">
      <input
        {...control}
        className="gk-input weight-field__input"
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={draft}
        onChange={(event) => {
          const text = event.target.value.replace(/[^\d.,]/g, '');
          setDraft(text);
          onChange(weightValue(text, unit));
        }}
      />
      <UnitToggle
        className="weight-field__units"
        groupLabel="Weight unit"
        options={UNIT_OPTIONS}
        value={unit}
        onChange={onUnit}
      />
    </div>
  );
}
