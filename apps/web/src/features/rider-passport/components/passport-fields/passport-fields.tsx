import { LEVEL_DEFINITIONS, RIDER_LEVELS, type RiderLevel } from '@gallop/rider-fit';
import {
  Button,
  Field,
  RIDER_LEVEL_TEXTS,
  RiderLevelBadge,
  RiderSelfAssessment,
  useFormFields,
  type FieldControlProps,
  type RuleFunction,
} from '@gallop/ui-kit';
import { useEffect, useId, useState } from 'react';
import { WeightField } from '../../../../components/weight-field/weight-field';
import { HOURS_LIMITS, isHalfHours } from '../../passport-values';
import './passport-fields.css';

/** The rows of a level's definition, in the order riders read them. */
const DEFINITION_ROWS = ['walk', 'trot', 'canter', 'gallop', 'saddleHours'] as const;

const TACK_OPTIONS = [
  { value: 'english', label: 'English' },
  { value: 'western', label: 'Western' },
  { value: 'other', label: 'Other' },
  { value: '', label: 'No preference' },
] as const;

export interface PassportFieldsProps {
  /** Names the fields inside the page's form (`companions.c1.`); the traveller's have none. */
  prefix?: string;
  /**
   * `self`: the traveller's own passport, each level with its full definition and the
   * self-assessment; `companion`: each level with its summary.
   */
  owner: 'self' | 'companion';
}

/** Level, usual tack, comfortable hours a day and weight of one passport, inside a `Form`. */
export function PassportFields({ prefix = '', owner }: PassportFieldsProps) {
  const self = owner === 'self';
  return (
    <div className="passport-fields">
      <LevelField name={`${prefix}level`} self={self} />
      <TackField name={`${prefix}tack`} legend={self ? 'Your usual tack' : 'Usual tack'} />
      <div className="passport-fields__row">
        <NumberField
          name={`${prefix}hours`}
          label="Comfortable riding hours a day"
          hint={`Optional. Whole or half hours, ${HOURS_LIMITS.min} to ${HOURS_LIMITS.max}.`}
          limits={HOURS_LIMITS}
          range={`Between ${HOURS_LIMITS.min} and ${HOURS_LIMITS.max} hours`}
          step={0.5}
          rule={isHalfHours}
        />
        <WeightField
          name={`${prefix}weight`}
          label="Weight with clothing"
          hint="Optional and private: shared only with the organizer of a booking it is used in."
        />
      </div>
    </div>
  );
}

/** An optional number between the passport's limits, its range said when it is outside. */
function NumberField({
  name,
  label,
  hint,
  limits,
  range,
  step,
  rule,
}: {
  name: string;
  label: string;
  hint: string;
  limits: { min: number; max: number };
  /** The message for a number outside the limits. */
  range: string;
  step: number;
  rule?: RuleFunction;
}) {
  const bounds = `minValue:${limits.min}|maxValue:${limits.max}`;
  return (
    <Field
      name={name}
      label={label}
      hint={hint}
      rules={rule ? [bounds, rule] : bounds}
      messages={{ minValue: range, maxValue: range }}
      render={(control) => (
        <NumberControl control={control} min={limits.min} max={limits.max} step={step} />
      )}
    />
  );
}

function NumberControl({
  control: { value, ...control },
  min,
  max,
  step,
}: {
  control: FieldControlProps;
  min: number;
  max: number;
  step: number;
}) {
  return (
    <input
      {...control}
      className="gk-input passport-fields__number"
      type="number"
      inputMode={Number.isInteger(step) ? 'numeric' : 'decimal'}
      min={min}
      max={max}
      step={step}
      value={typeof value === 'string' || typeof value === 'number' ? value : ''}
    />
  );
}

const optionId = (groupId: string, value: string) => `${groupId}-${value || 'none'}`;

/** The five levels as a radio group, each with what a rider of that level does. */
function LevelField({ name, self }: { name: string; self: boolean }) {
  const legendId = useId();
  const [focusLevel, setFocusLevel] = useState<string | null>(null);
  // After "Use this level" the assessment closes: focus goes to the level it chose.
  useEffect(() => {
    if (focusLevel) document.getElementById(focusLevel)?.focus();
  }, [focusLevel]);
  return (
    <Field
      name={name}
      className="passport-fields__levels"
      rules="required"
      messages={{ required: 'Choose a level' }}
      render={(control) => (
        <>
          <p id={legendId} className="passport-fields__legend">
            {self ? 'Your level' : 'Level'}
          </p>
          {self && (
            <SelfAssessment
              name={name}
              onUsed={(level) => setFocusLevel(optionId(control.id, level))}
            />
          )}
          <div
            role="radiogroup"
            id={control.id}
            className="passport-fields__level-options"
            aria-labelledby={legendId}
            aria-describedby={control['aria-describedby']}
            aria-invalid={control['aria-invalid']}
            aria-required={control['aria-required']}
          >
            {RIDER_LEVELS.map((level, index) => (
              <LevelOption
                key={level}
                level={level}
                control={control}
                focusable={index === 0}
                detailed={self}
              />
            ))}
          </div>
        </>
      )}
    />
  );
}

function LevelOption({
  level,
  control,
  focusable,
  detailed,
}: {
  level: RiderLevel;
  control: FieldControlProps;
  /** Takes the form's focus when no level is chosen on submit. */
  focusable: boolean;
  detailed: boolean;
}) {
  const definition = LEVEL_DEFINITIONS[level];
  const id = optionId(control.id, level);
  return (
    <label className="passport-level">
      <input
        type="radio"
        id={id}
        className="passport-level__input"
        name={control.name}
        value={level}
        checked={control.value === level}
        disabled={control.disabled}
        aria-label={definition.label}
        aria-describedby={`${id}-definition`}
        ref={focusable ? control.ref : undefined}
        onChange={() => control.onChange(level)}
        onBlur={control.onBlur}
      />
      <span className="passport-level__body">
        <RiderLevelBadge level={level} size="sm" />
        <span id={`${id}-definition`} className="passport-level__definition">
          <span className="passport-level__summary">{definition.summary}</span>
          {detailed && (
            <span className="passport-level__paces">
              {DEFINITION_ROWS.map((row) => (
                <span key={row} className="passport-level__pace">
                  <span className="passport-level__pace-name">{RIDER_LEVEL_TEXTS[row]}: </span>
                  <span>{definition[row]}</span>
                </span>
              ))}
            </span>
          )}
        </span>
      </span>
    </label>
  );
}

/** "Not sure?": the five questions of `RiderSelfAssessment`; its proposal fills the level. */
function SelfAssessment({ name, onUsed }: { name: string; onUsed: (level: RiderLevel) => void }) {
  const [open, setOpen] = useState(false);
  const fields = useFormFields();
  const panelId = useId();
  return (
    <div className="passport-fields__assessment">
      <Button
        size="sm"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen(!open)}
      >
        Not sure? Answer five questions
      </Button>
      {open && (
        <div id={panelId} className="passport-fields__assessment-panel">
          <RiderSelfAssessment
            onUseLevel={(level) => {
              fields.set(name, level);
              setOpen(false);
              onUsed(level);
            }}
          />
        </div>
      )}
    </div>
  );
}

/** English, Western, Other or no preference, as a radio group of pills. */
function TackField({ name, legend }: { name: string; legend: string }) {
  const legendId = useId();
  return (
    <Field
      name={name}
      render={(control) => (
        <>
          <p id={legendId} className="passport-fields__legend">
            {legend} <span className="passport-fields__optional">(optional)</span>
          </p>
          <div
            role="radiogroup"
            id={control.id}
            className="passport-fields__tacks"
            aria-labelledby={legendId}
            aria-describedby={control['aria-describedby']}
          >
            {TACK_OPTIONS.map((option, index) => (
              <label key={option.value || 'none'} className="passport-tack">
                <input
                  type="radio"
                  className="passport-tack__input"
                  name={control.name}
                  value={option.value}
                  checked={
                    (typeof control.value === 'string' ? control.value : '') === option.value
                  }
                  disabled={control.disabled}
                  ref={index === 0 ? control.ref : undefined}
                  onChange={() => control.onChange(option.value)}
                  onBlur={control.onBlur}
                />
                <span>{option.label}</span>
              </label>
            ))}
          </div>
        </>
      )}
    />
  );
}
