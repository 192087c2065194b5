import {
  DEFAULT_PHONE_COUNTRY,
  detectPhoneCountry,
  Field,
  isValidPhone,
  PHONE_INPUT_TEXTS,
  PhoneInput,
  type FieldControlProps,
  type FieldProps,
  type RuleFunction,
  type Rules,
} from '@gallop/ui-kit';
import type { ChangeEvent } from 'react';
import { useVisitorCountry } from '../../lib/visitor-country';

type ControlFieldProps = Omit<FieldProps, 'render' | 'type' | 'autoComplete'>;

/**
 * The phone-number library's check, after the field's own rules: the input reports a national
 * number in international form, so the number alone tells its country.
 */
export const realPhoneNumber: RuleFunction = (value) =>
  typeof value !== 'string' ||
  value.trim() === '' ||
  isValidPhone(value, undefined) ||
  PHONE_INPUT_TEXTS.validation;

function withPhoneCheck(rules: Rules | undefined): Rules {
  if (rules === undefined) return [realPhoneNumber];
  return [...(Array.isArray(rules) ? rules : [rules]), realPhoneNumber];
}

/**
 * The country a phone input starts in: the number's own when it has one (a saved phone, a
 * prefilled contact), else the visitor's (decision 145: a German visitor's is Germany, +49), else
 * the site's default, the US.
 */
function phoneStartCountry(
  phone: string | null | undefined,
  visitorCountry: string | undefined,
): string {
  return (phone ? detectPhoneCountry(phone) : undefined) ?? visitorCountry ?? DEFAULT_PHONE_COUNTRY;
}

/** {@link phoneStartCountry} for this page's visitor. */
export function usePhoneStartCountry(phone?: string | null): string {
  return phoneStartCountry(phone, useVisitorCountry()?.iso_code);
}

/**
 * A form field with the kit's phone input (country picker, the phone rules of docs/product.md,
 * Validation). The field says what is wrong, once: the input's own check runs as the field's last
 * rule.
 */
export function PhoneField({ rules, ...props }: ControlFieldProps) {
  const visitorCountry = useVisitorCountry()?.iso_code;
  return (
    <Field
      {...props}
      rules={withPhoneCheck(rules)}
      render={(control) => (
        <PhoneInput
          // Read when the input mounts: the country of the number it starts with, if any.
          defaultCountry={phoneStartCountry(String(control.value ?? ''), visitorCountry)}
          id={control.id}
          name={control.name}
          value={String(control.value ?? '')}
          onChange={(phone) => control.onChange(phone)}
          onBlur={() => control.onBlur()}
          inputRef={control.ref}
          validate={false}
          aria-invalid={control['aria-invalid']}
          aria-describedby={control['aria-describedby']}
        />
      )}
    />
  );
}

/**
 * What a native control that holds text (a text area, a select) takes from `Field`: its value as
 * text, changes as the new text, and the field's ARIA wiring (its error or hint, invalid).
 */
function textControlProps(control: FieldControlProps) {
  return {
    id: control.id,
    name: control.name,
    value: String(control.value ?? ''),
    onChange: (event: ChangeEvent<HTMLTextAreaElement | HTMLSelectElement>) =>
      control.onChange(event.target.value),
    onBlur: () => control.onBlur(),
    ref: control.ref,
    'aria-invalid': control['aria-invalid'],
    'aria-describedby': control['aria-describedby'],
  };
}

/** A form field with a multi-line text area. */
export function TextareaField({
  rows = 4,
  textareaClassName,
  ...props
}: ControlFieldProps & { rows?: number; textareaClassName?: string }) {
  return (
    <Field
      {...props}
      render={(control) => (
        <textarea
          {...textControlProps(control)}
          className={textareaClassName ? `gk-input ${textareaClassName}` : 'gk-input'}
          rows={rows}
          placeholder={props.placeholder}
        />
      )}
    />
  );
}

export interface SelectOption {
  /** What the form holds when the option is chosen; `''` for "none". */
  value: string;
  label: string;
}

/**
 * A form field with a native select (on a phone, the phone's own picker): one of `options`, in
 * their order.
 */
export function SelectField({
  options,
  ...props
}: Omit<ControlFieldProps, 'placeholder'> & { options: readonly SelectOption[] }) {
  return (
    <Field
      {...props}
      render={(control) => (
        <select {...textControlProps(control)} className="gk-input">
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}
