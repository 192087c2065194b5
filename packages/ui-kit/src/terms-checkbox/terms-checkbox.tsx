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
  /** Between two things accepted, when more follow. */
  between: ', the',
  /** Before the last thing accepted. */
  and: 'and the',
  privacy: 'privacy policy',
  /** The error when unticked starts so, then names the same things. */
  requiredBefore: 'Please accept the',
} as const;

export type TermsCheckboxTexts = { [Key in keyof typeof TERMS_CHECKBOX_TEXTS]: string } & {
  /** The whole error when unticked, instead of `requiredBefore` and the things accepted. */
  required: string;
};

/** Native props, `className`, `style` and `ref` go to the field's root `<div>`. */
export interface TermsCheckboxProps extends NativeProps<'div', 'children' | 'defaultValue'> {
  /** Form field name (the value is `true` once accepted). */
  name: string;
  /** The terms' page; without it the terms are not asked for (the site has none published). */
  termsUrl?: string | undefined;
  /** The privacy policy's page; without it the policy is not asked for. */
  privacyUrl?: string | undefined;
  texts?: Partial<TermsCheckboxTexts>;
  /**
   * One more thing accepted with the same tick, named as the documents are after "the" (e.g. a
   * booking's "cancellation policy above"); it comes last.
   */
  also?: string | undefined;
}

/** A thing the tick accepts: its words (for the error) and how the label shows it. */
interface Accepted {
  text: string;
  label: ReactNode;
}

function documentLink(url: string | undefined, text: string): Accepted[] {
  if (url === undefined) return [];
  const label = (
    <a key={url} href={url} target="_blank" rel="noreferrer">
      {text}
    </a>
  );
  return [{ text, label }];
}

/** "a", "a and the b", "a, the b and the c": each joint from the texts. */
function joined<T>(items: T[], texts: TermsCheckboxTexts): (T | string)[] {
  return items.flatMap((item, at) => {
    if (at === 0) return [item];
    return [at === items.length - 1 ? ` ${texts.and} ` : `${texts.between} `, item];
  });
}

/**
 * A required form field: accepting the terms and the privacy policy, with links to both.
 * A document without its URL is left out of the sentence (a site that has not published it asks
 * no one to accept it), and with nothing left to accept the field is not there at all: the form
 * submits without it.
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
  const texts: TermsCheckboxTexts = { ...TERMS_CHECKBOX_TEXTS, required: '', ...custom };
  const accepted = [
    ...documentLink(termsUrl, texts.terms),
    ...documentLink(privacyUrl, texts.privacy),
    ...(also ? [{ text: also, label: also }] : []),
  ];
  if (accepted.length === 0) return null;
  const required =
    texts.required ||
    `${texts.requiredBefore} ${joined(
      accepted.map((item) => item.text),
      texts,
    ).join('')}`;
  const messages: RuleMessages = { required };
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
            {joined(
              accepted.map((item) => item.label),
              texts,
            )}
          </label>
        </>
      )}
    />
  );
}
