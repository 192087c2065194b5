import '../tokens/tokens.css';
import '../form/form.css';
import './terms-checkbox.css';
import { Field } from '../form/form';
import type { RuleMessages } from '../form/rules';
import { cx } from '../internal/class-names';
import type { NativeProps } from '../internal/root-props';
import type { ReactNode } from 'react';

/** Default wording; the spec names the rule (accept the terms and the privacy policy) but not its text. */
export const TERMS_CHECKBOX_TEXTS = {
  before: 'I accept the',
  terms: 'terms of use',
  and: 'and the',
  privacy: 'privacy policy',
  required: 'Please accept the terms of use and the privacy policy',
} as const;

export type TermsCheckboxTexts = { [Key in keyof typeof TERMS_CHECKBOX_TEXTS]: string };

/** Native props, `className`, `style` and `ref` go to the field's root `<div>`. */
export interface TermsCheckboxProps extends NativeProps<'div', 'children' | 'defaultValue'> {
  /** Form field name (the value is `true` once accepted). */
  name: string;
  termsUrl: string;
  privacyUrl: string;
  texts?: Partial<TermsCheckboxTexts>;
  /** Accepted with the same tick, after the privacy policy (e.g. a booking's cancellation policy). */
  also?: ReactNode;
}

/**
 * A required form field: accepting the terms and the privacy policy, with links to both.
 *
 * **Usage.** Do put it just above the submit button of a booking or sign-up form, with links to the
 * current terms and privacy policy, and pass the tour's cancellation policy as `also` at checkout.
 * Don't tick it in advance or split terms and privacy into two ticks, and don't let the form submit
 * without it.
 */
export function TermsCheckbox({
  name,
  termsUrl,
  privacyUrl,
  texts: custom,
  also,
  className,
  ...rest
}: TermsCheckboxProps) {
  const texts = { ...TERMS_CHECKBOX_TEXTS, ...custom };
  const messages: RuleMessages = { required: texts.required };
  return (
    <Field
      {...rest}
      name={name}
      rules="required"
      messages={messages}
      className={cx('gk-terms-checkbox', className)}
      render={({ value, onChange, ref, ...control }) => (
        <>
          <input
            {...control}
            ref={ref}
            type="checkbox"
            className="gk-terms-checkbox__box"
            checked={Boolean(value)}
            onChange={(event) => onChange(event.target.checked)}
          />
          <label htmlFor={control.id} className="gk-terms-checkbox__label">
            {texts.before}{' '}
            <a href={termsUrl} target="_blank" rel="noreferrer">
              {texts.terms}
            </a>{' '}
            {texts.and}{' '}
            <a href={privacyUrl} target="_blank" rel="noreferrer">
              {texts.privacy}
            </a>
            {also}
          </label>
        </>
      )}
    />
  );
}
