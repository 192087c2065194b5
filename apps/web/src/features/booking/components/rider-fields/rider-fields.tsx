import {
  isRiderLevel,
  isTack,
  LEVEL_DEFINITIONS,
  PASSPORT_LIMITS,
  RIDER_LEVELS,
  TACK_LABELS,
  TACKS,
  type RiderPassport,
  type RiderProfile,
} from '@gallop/rider-fit';
import { Field, useFormFields, type FormFields } from '@gallop/ui-kit';
import { useReducer, useState } from 'react';
import {
  PhoneField,
  SelectField,
  type SelectOption,
} from '../../../../components/form-fields/form-fields';
import { WeightField } from '../../../../components/weight-field/weight-field';
import { formProblems, type FormProblems } from '../../../../lib/form-problems';
import type { TourRidingBrief } from '../../../../lib/rider-fit';
import { ageOn } from '@gallop/rider-fit';
import { ageRefusal as travellerAgeRefusal } from '@gallop/booking-rules';
import './rider-fields.css';
import type { Tourist, TouristInput } from '../../api';

/**
 * One rider as the forms hold it (the spec's tourist; passport is not collected on this site,
 * weight and rider level are). Shared by the booking form, the add-a-rider page and the booking
 * page's editor. `level` is '' when not given.
 */
export interface RiderValues {
  first_name: string;
  last_name: string;
  birthday: string;
  email: string;
  phone: string;
  food_restriction: string;
  weight: string;
  level: string;
  /**
   * The rider's usual tack and comfortable hours a day ('' when not given): typed in the rider's
   * optional "usual tack and hours" fields or filled from a rider passport, kept with the booking
   * (`tack`, `hours_per_day`) and matched on by the rider's fit, as on the card and the tour page.
   */
  tack: string;
  hours: string;
}

/** The fields of `RiderValues`, e.g. to show a 422's details on a rider's own fields. */
export const RIDER_FIELDS = [
  'first_name',
  'last_name',
  'birthday',
  'email',
  'phone',
  'food_restriction',
  'weight',
  'level',
  'tack',
] as const satisfies readonly (keyof RiderValues)[];

export const emptyRider = (): RiderValues => ({
  first_name: '',
  last_name: '',
  birthday: '',
  email: '',
  phone: '',
  food_restriction: '',
  weight: '',
  level: '',
  tack: '',
  hours: '',
});

/** A saved rider as form values, to edit it. */
export function riderValues(tourist: Tourist): RiderValues {
  return {
    first_name: tourist.first_name,
    last_name: tourist.last_name,
    birthday: tourist.birthday ?? '',
    email: tourist.email ?? '',
    phone: tourist.phone ?? '',
    food_restriction: tourist.food_restriction ?? '',
    weight: tourist.weight === null || tourist.weight === undefined ? '' : String(tourist.weight),
    level: tourist.level ?? '',
    tack: tourist.tack ?? '',
    hours:
      tourist.hours_per_day === null || tourist.hours_per_day === undefined
        ? ''
        : String(tourist.hours_per_day),
  };
}

/**
 * The values a rider filled from a rider passport takes: its level, weight (kilograms, as
 * `WeightField` holds them), tack and hours; '' for what the passport leaves empty.
 */
export function passportRiderValues(
  passport: RiderPassport,
): Pick<RiderValues, 'level' | 'weight' | 'tack' | 'hours'> {
  return {
    level: passport.level,
    weight: passport.weightKg === null ? '' : String(passport.weightKg),
    tack: passport.tack ?? '',
    hours: passport.hoursPerDay === null ? '' : String(passport.hoursPerDay),
  };
}

/** A number the forms hold (a weight in kilograms, hours) above zero, else undefined. */
function typedPositive(value: unknown): number | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) && number > 0 ? number : undefined;
}

/** The values of a form rider fit matches on. */
const FIT_VALUES = ['level', 'weight', 'birthday', 'tack', 'hours'] as const;

/**
 * The rider as rider fit matches them (level, tack, hours, weight, age on `firstDay`), from the
 * values of a form; what is not typed (or filled from a passport) yet is not checked.
 */
export function riderProfile(
  values: Partial<Pick<RiderValues, (typeof FIT_VALUES)[number]>>,
  firstDay: string,
): RiderProfile {
  return {
    level: isRiderLevel(values.level) ? values.level : undefined,
    tack: isTack(values.tack) ? values.tack : undefined,
    hoursPerDay: typedPositive(values.hours),
    weightKg: typedPositive(values.weight),
    age: ageOn(values.birthday, firstDay),
  };
}

/** The fit-relevant values of the rider whose fields are named `{prefix}level` and so on. */
function readRiderProfile(fields: FormFields, prefix: string, firstDay: string) {
  return riderProfile(
    Object.fromEntries(
      FIT_VALUES.map((field) => [field, String(fields.get(`${prefix}${field}`) ?? '')]),
    ),
    firstDay,
  );
}

/** The ages a tour takes travellers at: its riding ages, and its minimum age (0 when not given). */
export type TravellerAges = Pick<TourRidingBrief, 'min_riding_age' | 'max_riding_age'> & {
  min_age?: number | undefined;
};

/**
 * Why the API refuses a traveller of this birthday on a date starting `firstDay`, in its words
 * (`ageRefusal` of @gallop/booking-rules, decision 154), or undefined: anyone younger than the
 * tour's minimum age on the first day (born after it counts as younger); a rider (`rides`) also
 * younger than the riding age or older than the maximum riding age. Not checked without a
 * birthday or a date.
 */
export function ageRefusal(
  birthday: string,
  firstDay: string,
  ages: TravellerAges,
  rides = true,
): string | undefined {
  if (!birthday || !firstDay) return undefined;
  return travellerAgeRefusal(
    { rides, birthday },
    {
      minAge: ages.min_age ?? 0,
      minRidingAge: ages.min_riding_age,
      maxRidingAge: ages.max_riding_age,
    },
    firstDay,
  );
}

/** "Ann Marie Rider" -> first name "Ann", last name "Marie Rider". */
export function splitName(name: string): { first: string; last: string } {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { first, last: rest.join(' ') };
}

/** Whether any fit-relevant value of the rider is typed (the fit shows from then on). */
export const hasFitValues = (rider: RiderProfile): boolean =>
  Object.values(rider).some((value) => value !== undefined);

/**
 * The riders of the enclosing form as rider fit sees them, one per field prefix (`tourists.0.`),
 * read again on `refresh`: give it to `onChange` of an element around their fields (input events
 * bubble to it) and call it after setting fields from code.
 */
export function useRiderProfiles(
  prefixes: readonly string[],
  firstDay: string,
): { riders: RiderProfile[]; refresh: () => void } {
  const fields = useFormFields();
  const [, refresh] = useReducer((version: number) => version + 1, 0);
  return {
    riders: prefixes.map((prefix) => readRiderProfile(fields, prefix, firstDay)),
    refresh,
  };
}

/**
 * A refused send on a form of one rider whose fields have no prefix: the API names the rider by
 * their place in the list it was sent (`tourists.2.weight`), the form's field is `weight`.
 */
export function riderProblems(
  error: unknown,
  failure: string | undefined,
  index: number,
): FormProblems<(typeof RIDER_FIELDS)[number]> {
  const prefix = `tourists.${index}.`;
  const { fields, message } = formProblems(
    error,
    failure,
    RIDER_FIELDS.map((field) => `${prefix}${field}`),
  );
  return {
    fields: Object.fromEntries(
      Object.entries(fields).map(([name, text]) => [name.slice(prefix.length), text]),
    ),
    message,
  };
}

/**
 * Form values as the API takes a rider: trimmed, empty optional fields left out, the phone as
 * `+` and digits (the contract's pattern). `id` keeps a saved rider when the riders are replaced.
 */
export function toTouristInput(values: RiderValues, id?: number): TouristInput {
  const email = values.email.trim();
  const phone = values.phone.replace(/[\s()-]/g, '');
  const food = values.food_restriction.trim();
  return {
    ...(id === undefined ? {} : { id }),
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    ...(values.birthday ? { birthday: values.birthday } : {}),
    ...(email ? { email } : {}),
    ...(phone ? { phone } : {}),
    ...(food ? { food_restriction: food } : {}),
    ...(values.weight ? { weight: Number(values.weight) } : {}),
    ...(isRiderLevel(values.level) ? { level: values.level } : {}),
    ...(isTack(values.tack) ? { tack: values.tack } : {}),
    ...(hoursInLimits(values.hours) === undefined
      ? {}
      : { hours_per_day: hoursInLimits(values.hours) }),
  };
}

/** Typed hours a day within the passport's limits (what the API takes), else undefined. */
function hoursInLimits(value: string): number | undefined {
  const hours = typedPositive(value);
  const { min, max } = PASSPORT_LIMITS.hoursPerDay;
  return hours !== undefined && hours >= min && hours <= max ? hours : undefined;
}

/** A saved rider sent back unchanged (the API replaces the whole list). */
export const unchangedTourist = (tourist: Tourist): TouristInput =>
  toTouristInput(riderValues(tourist), tourist.id);

/** The three tacks, or none. */
const TACK_OPTIONS: readonly SelectOption[] = [
  { value: '', label: 'Not given' },
  ...TACKS.map((tack) => ({ value: tack, label: TACK_LABELS[tack] })),
];

/** Whole and half hours a day within the passport's limits (0.5 to 12), or none. */
const HOURS_OPTIONS: readonly SelectOption[] = [
  { value: '', label: 'Not given' },
  ...Array.from(
    { length: (PASSPORT_LIMITS.hoursPerDay.max - PASSPORT_LIMITS.hoursPerDay.min) * 2 + 1 },
    (_, index) => {
      const hours = PASSPORT_LIMITS.hoursPerDay.min + index / 2;
      return { value: String(hours), label: `${hours} h` };
    },
  ),
];

/** The five rider levels, lowest first, or none. */
const LEVEL_OPTIONS: readonly SelectOption[] = [
  { value: '', label: 'Not given' },
  ...RIDER_LEVELS.map((level) => ({ value: level, label: LEVEL_DEFINITIONS[level].label })),
];

/**
 * The fields of one rider. `prefix` names them inside a bigger form (`tourists.0.`); `self` fills
 * the browser's autocomplete with the traveller's own details. Name, birth date and weight are
 * required (the horse is chosen by them); rider level, usual tack, hours a day, e-mail, phone and
 * food restriction are optional. A companion who does not ride (`rides` false) gives the same
 * details but no weight, level, tack nor hours: they take no horse (decision 118). `weight` false: a reader by the booking's link,
 * who neither reads nor changes a rider's weight (decision 137), is not asked for one.
 */
export function RiderFields({
  prefix = '',
  self = false,
  rides = true,
  weight = true,
}: {
  prefix?: string;
  self?: boolean;
  rides?: boolean;
  weight?: boolean;
}) {
  const auto = (token: string) => (self ? token : 'off');
  const whose = rides ? "Rider's" : "Companion's";
  return (
    <>
      <div className="booking-form__row rider-fields__row">
        <Field
          name={`${prefix}first_name`}
          label="First name"
          autoComplete={auto('given-name')}
          rules="required|max:100"
        />
        <Field
          name={`${prefix}last_name`}
          label="Last name"
          autoComplete={auto('family-name')}
          rules="required|max:100"
        />
      </div>
      <div className="booking-form__row rider-fields__row">
        <Field
          name={`${prefix}email`}
          label={`${whose} e-mail (optional)`}
          type="email"
          autoComplete={auto('email')}
          rules="email|max:254"
        />
        <PhoneField name={`${prefix}phone`} label={`${whose} phone (optional)`} rules="phone" />
      </div>
      <Field
        name={`${prefix}food_restriction`}
        label="Food restriction (optional)"
        placeholder="Vegetarian, allergies…"
        rules="max:500"
      />
      {/* What matches the rider to a horse, last: the rider's fit shows right under it. */}
      <div className="booking-form__row rider-fields__row rider-fields__riding">
        <Field
          name={`${prefix}birthday`}
          label="Date of birth"
          type="date"
          autoComplete={auto('bday')}
          rules="required"
        />
        {rides && (
          <>
            {weight && (
              <WeightField
                name={`${prefix}weight`}
                label="Weight"
                hint="Helps the organizer choose a horse; shared only with them."
                required
              />
            )}
            <SelectField
              name={`${prefix}level`}
              label="Rider level (optional)"
              options={LEVEL_OPTIONS}
            />
          </>
        )}
      </div>
      {rides && <RidingHabits prefix={prefix} />}
    </>
  );
}

/** "English, 3 h a day": what the rider's tack and hours fields hold, or undefined. */
function habitsText(tack: string, hours: string): string | undefined {
  const parts = [
    isTack(tack) ? TACK_LABELS[tack] : undefined,
    hoursInLimits(hours) === undefined ? undefined : `${hoursInLimits(hours)} h a day`,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : undefined;
}

/**
 * The rider's usual tack and comfortable hours a day, beside the level: optional, so folded
 * under one line (the form is no longer for a rider who skips them), open once either is given
 * (filled from a passport, or saved) until the traveller folds it. The line says what is set.
 */
function RidingHabits({ prefix }: { prefix: string }) {
  const fields = useFormFields();
  const given = habitsText(
    String(fields.get(`${prefix}tack`) ?? ''),
    String(fields.get(`${prefix}hours`) ?? ''),
  );
  // Undefined until the traveller opens or folds it: then open exactly when something is given.
  const [opened, setOpened] = useState<boolean | undefined>();
  return (
    <details
      className="rider-fields__habits"
      open={opened ?? given !== undefined}
      onToggle={(event) => setOpened(event.currentTarget.open)}
    >
      <summary className="rider-fields__habits-summary">
        {given ? `Usual tack and hours a day: ${given}` : 'Usual tack and hours a day (optional)'}
      </summary>
      <div className="booking-form__row rider-fields__row rider-fields__habits-row">
        <SelectField name={`${prefix}tack`} label="Usual tack" options={TACK_OPTIONS} />
        <SelectField
          name={`${prefix}hours`}
          label="Comfortable hours a day"
          options={HOURS_OPTIONS}
        />
      </div>
    </details>
  );
}
