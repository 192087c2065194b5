import { Field } from '@gallop/ui-kit';
import { PhoneField } from '../../../../components/form-fields/form-fields';
import type { Tourist, TouristInput } from '../../api';

/**
 * One rider as the forms hold it (the spec's tourist; passport is not collected on this site,
 * weight is). Shared by the booking form, the add-a-rider page and the booking page's editor.
 */
export interface RiderValues {
  first_name: string;
  last_name: string;
  birthday: string;
  email: string;
  phone: string;
  food_restriction: string;
  weight: string;
}

export const emptyRider = (): RiderValues => ({
  first_name: '',
  last_name: '',
  birthday: '',
  email: '',
  phone: '',
  food_restriction: '',
  weight: '',
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
  };
}

/** A saved rider sent back unchanged (the API replaces the whole list). */
export const unchangedTourist = (tourist: Tourist): TouristInput =>
  toTouristInput(riderValues(tourist), tourist.id);

/**
 * The fields of one rider. `prefix` names them inside a bigger form (`tourists.0.`); `self` fills
 * the browser's autocomplete with the traveller's own details. Name, birth date and weight are
 * required (the horse is chosen by them); e-mail, phone and food restriction are optional.
 */
export function RiderFields({ prefix = '', self = false }: { prefix?: string; self?: boolean }) {
  const auto = (token: string) => (self ? token : 'off');
  return (
    <>
      <div className="booking-form__row">
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
      <div className="booking-form__row">
        <Field
          name={`${prefix}birthday`}
          label="Date of birth"
          type="date"
          autoComplete={auto('bday')}
          rules="required"
        />
        <Field
          name={`${prefix}weight`}
          label="Weight, kg"
          type="number"
          hint="Helps the organizer choose a horse; shared only with them."
          rules="required|minValue:20|maxValue:200"
        />
      </div>
      <div className="booking-form__row">
        <Field
          name={`${prefix}email`}
          label="Rider's e-mail (optional)"
          type="email"
          autoComplete={auto('email')}
          rules="email|max:254"
        />
        <PhoneField name={`${prefix}phone`} label="Rider's phone (optional)" rules="phone" />
      </div>
      <Field
        name={`${prefix}food_restriction`}
        label="Food restriction (optional)"
        placeholder="Vegetarian, allergies…"
        rules="max:500"
      />
    </>
  );
}
