import {
  createContext,
  useContext,
  useEffect,
  useId,
  useMemo,
  type MouseEvent,
  type ReactNode,
} from 'react';
import {
  FormProvider,
  useController,
  useForm,
  useFormContext,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
} from 'react-hook-form';
import { cx } from '../internal/class-names';
import type { NativeProps } from '../internal/root-props';
import { parseRules, validateValue, type RuleMessages, type Rules } from './rules';
import '../tokens/tokens.css';
import './input.css';
import './form.css';

/**
 * When a field validates (docs/product.md, Validation):
 * - `eager`: on leaving the field; once it shows an error, on every change until valid again;
 * - `aggressive`: on every change;
 * - `passive`: only when the form is submitted.
 */
export type FieldMode = 'eager' | 'aggressive' | 'passive';

export const FIELD_MODES: readonly FieldMode[] = ['eager', 'aggressive', 'passive'];

interface FormSettings {
  mode: FieldMode;
  messages?: RuleMessages;
}

const FormSettingsContext = createContext<FormSettings | null>(null);

/** Native props, `className`, `style` and `ref` go to the `<form>`. */
export interface FormProps<Values extends FieldValues> extends NativeProps<
  'form',
  'onSubmit' | 'onInvalid' | 'children' | 'defaultValue'
> {
  defaultValues?: DefaultValues<Values>;
  /** Called only when every field passes its rules. */
  onSubmit: (values: Values) => void | Promise<void>;
  /** Called instead of `onSubmit` when a field fails; the first invalid field gets focus. */
  onInvalid?: (errors: FieldErrors<Values>) => void;
  /** Default mode of the fields inside (`eager`). */
  mode?: FieldMode;
  /** Messages per rule for every field inside, e.g. translations. A field's own messages win. */
  messages?: RuleMessages;
  /**
   * Errors from the server by field name, e.g. a 422's details: each shows on its field until
   * the field validates again, and the first entry's field gets focus. Pass a new object to show
   * them again.
   */
  errors?: Partial<Record<string, string>>;
  children: ReactNode;
}

/**
 * A form on react-hook-form: submit validates every field and blocks while any fails.
 *
 * **Usage.** Do build every form from Form and Field, with each field's rules on its Field, so all
 * forms check and report errors alike; pass a 422's details as `errors`. Don't validate in
 * `onSubmit` yourself or disable the submit button until the form is valid: let the submit run, and
 * the form shows every message and focuses the first invalid field.
 */
export function Form<Values extends FieldValues>({
  defaultValues,
  onSubmit,
  onInvalid,
  mode = 'eager',
  messages,
  errors,
  children,
  className,
  ...rest
}: FormProps<Values>) {
  // Fields decide when they validate (their mode), so the library only validates on submit.
  const methods = useForm<Values>({
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: true,
  });
  const settings = useMemo(() => ({ mode, messages }), [mode, messages]);
  const { setError } = methods;
  useEffect(() => {
    const shown = Object.entries(errors ?? {}).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
    );
    shown.forEach(([name, message], index) =>
      setError(name as Path<Values>, { type: 'server', message }, { shouldFocus: index === 0 }),
    );
  }, [errors, setError]);
  return (
    <FormProvider {...methods}>
      <FormSettingsContext.Provider value={settings}>
        <form
          noValidate
          {...rest}
          className={cx('gk-form', className)}
          onMouseDown={(event) => {
            rest.onMouseDown?.(event);
            keepFocusOnSubmitPress(event);
          }}
          onSubmit={(event) => void methods.handleSubmit(onSubmit, onInvalid)(event)}
        >
          {children}
        </form>
      </FormSettingsContext.Provider>
    </FormProvider>
  );
}

/**
 * A press on the form's submit button leaves the focus in the field: leaving a field validates it
 * (`eager`), and its message could push the button down before the press ends, so the click would
 * land beside the button and submit nothing (a wrong phone typed last hid the unticked terms
 * until a second submit). The submit validates every field anyway.
 */
function keepFocusOnSubmitPress(event: MouseEvent<HTMLFormElement>) {
  if (event.button !== 0 || event.defaultPrevented || !(event.target instanceof Element)) return;
  const control = event.target.closest('button, input');
  const submits =
    (control instanceof HTMLButtonElement || control instanceof HTMLInputElement) &&
    control.type === 'submit' &&
    control.form === event.currentTarget;
  if (submits) event.preventDefault();
}

/** Reads and sets the fields of the enclosing `Form` by name (see `useFormFields`). */
export interface FormFields {
  get(name: string): unknown;
  /** Sets a field as if typed; it is re-checked at once when it shows an error. */
  set(name: string, value: unknown): void;
}

/**
 * The fields of the enclosing `Form`, for a control outside them: a "fill with my details" button
 * copies some fields into others.
 */
export function useFormFields(): FormFields {
  const { getValues, setValue, getFieldState } = useFormContext();
  return useMemo(
    () => ({
      get: (name) => getValues(name),
      set: (name, value) =>
        setValue(name, value, { shouldDirty: true, shouldValidate: getFieldState(name).invalid }),
    }),
    [getValues, setValue, getFieldState],
  );
}

/** What a custom control receives from `Field`'s `render`. */
export interface FieldControlProps {
  id: string;
  name: string;
  value: unknown;
  /** Takes a change event or the new value. */
  onChange: (eventOrValue: unknown) => void;
  onBlur: () => void;
  /** Lets the form focus the control when it is the first invalid one. */
  ref: (instance: HTMLElement | null) => void;
  disabled?: boolean;
  'aria-invalid': boolean;
  'aria-required'?: boolean;
  'aria-describedby'?: string;
}

/**
 * Native props, `className`, `style` and `ref` go to the field's root `<div>` (around the label,
 * the control and its message); the control's own ARIA wiring stays the field's.
 */
export interface FieldProps extends NativeProps<'div', 'children' | 'defaultValue'> {
  /** Required: a field without a name logs an error and is neither validated nor submitted. */
  name: string;
  label?: ReactNode;
  /** `'required|min:3'`, `{ required: true, min: 3 }`, a function, or a list of these. */
  rules?: Rules;
  /** Custom messages per rule; they win over the form's and the defaults. */
  messages?: RuleMessages;
  /** Overrides the form's mode for this field. */
  mode?: FieldMode;
  /** Help text under the control, replaced by the error while there is one. */
  hint?: ReactNode;
  type?: string;
  placeholder?: string;
  autoComplete?: string;
  disabled?: boolean;
  /** Renders a custom control (PhoneInput, CodeInput …) instead of a text input. */
  render?: (control: FieldControlProps) => ReactNode;
}

function useFormSettings(): FormSettings {
  const settings = useContext(FormSettingsContext);
  if (!settings) throw new Error('[@gallop/ui-kit] <Field> must be placed inside <Form>.');
  return settings;
}

/**
 * A labelled control with its rules, error message and ARIA wiring.
 *
 * **Usage.** Do give every field a visible `label` and its `rules` as the spec writes them
 * (`'required|email'`), and use `render` for kit controls such as PhoneInput. Don't put help text
 * in the placeholder (use `hint`), and don't add an error message of your own under it.
 */
export function Field(props: FieldProps) {
  // `name` is typed as required, but plain JS callers and spread props can still miss it.
  return props.name ? <NamedField {...props} /> : <UnnamedField {...props} />;
}

function UnnamedField({
  label,
  type = 'text',
  placeholder,
  className,
  // Rule props have nothing to act on without a name; they must not reach the <div>.
  rules: _rules,
  messages: _messages,
  mode: _mode,
  hint: _hint,
  autoComplete: _autoComplete,
  disabled: _disabled,
  render: _render,
  ...rest
}: FieldProps) {
  const id = useId();
  useEffect(() => {
    console.error(
      '[@gallop/ui-kit] A form field has no `name`: it is neither validated nor submitted.',
    );
  }, []);
  return (
    <div {...rest} className={cx('gk-field', className)}>
      {label !== undefined && (
        <label className="gk-field__label" htmlFor={id}>
          {label}
        </label>
      )}
      <input id={id} className="gk-input" type={type} placeholder={placeholder} />
    </div>
  );
}

function NamedField({
  name,
  label,
  rules,
  messages,
  mode,
  hint,
  type = 'text',
  placeholder,
  autoComplete,
  disabled,
  render,
  className,
  ...rest
}: FieldProps) {
  const settings = useFormSettings();
  const { control, trigger, watch, getFieldState, formState } = useFormContext();
  const fieldMode = mode ?? settings.mode;
  const id = useId();
  const messageId = `${id}-message`;
  const parsedRules = parseRules(rules);
  const required = parsedRules.some(
    (rule) => typeof rule !== 'function' && rule.name === 'required',
  );
  // Fields this one must match (`confirmed:password`), as a stable key for the effect below.
  const confirmedTargets = parsedRules
    .flatMap((rule) =>
      typeof rule !== 'function' && rule.name === 'confirmed' && rule.args[0] ? [rule.args[0]] : [],
    )
    .join('|');
  // `formState` is a proxy: reading isSubmitted here subscribes this field to it.
  const { isSubmitted } = formState;

  // A `confirmed` field is re-checked when the field it must match changes, once the user has
  // dealt with it (touched, typed, or submitted) and unless it is passive (submit only).
  useEffect(() => {
    if (!confirmedTargets || fieldMode === 'passive') return undefined;
    const targets = confirmedTargets.split('|');
    const subscription = watch((_values, { name: changed }) => {
      if (changed === undefined || !targets.includes(changed)) return;
      const state = getFieldState(name);
      if (state.isTouched || state.isDirty || state.invalid || isSubmitted) void trigger(name);
    });
    return () => subscription.unsubscribe();
  }, [confirmedTargets, fieldMode, name, watch, getFieldState, trigger, isSubmitted]);

  const { field, fieldState } = useController({
    name,
    control,
    disabled,
    rules: {
      validate: (value, values) =>
        validateValue(value, rules, {
          values,
          messages: { ...settings.messages, ...messages },
        }) ?? true,
    },
  });

  const error = fieldState.error?.message;
  const describedBy = error !== undefined || hint !== undefined ? messageId : undefined;

  const control_: FieldControlProps = {
    id,
    name,
    value: field.value,
    ref: field.ref,
    disabled: field.disabled,
    'aria-invalid': error !== undefined,
    'aria-required': required || undefined,
    'aria-describedby': describedBy,
    onChange: (eventOrValue) => {
      field.onChange(eventOrValue);
      if (fieldMode === 'aggressive' || (fieldMode === 'eager' && fieldState.invalid)) {
        void trigger(name);
      }
    },
    onBlur: () => {
      field.onBlur();
      if (fieldMode !== 'passive') void trigger(name);
    },
  };

  const checkbox = type === 'checkbox';
  return (
    <div
      {...rest}
      className={cx(
        'gk-field',
        checkbox && 'gk-field--inline',
        error && 'gk-field--invalid',
        className,
      )}
    >
      {label !== undefined && !checkbox && (
        <label className="gk-field__label" htmlFor={id}>
          {label}
        </label>
      )}
      {render ? (
        render(control_)
      ) : (
        <input
          {...control_}
          ref={field.ref}
          className="gk-input"
          type={type}
          placeholder={placeholder}
          autoComplete={autoComplete}
          {...(checkbox
            ? { checked: Boolean(field.value), value: undefined }
            : { value: (field.value as string | number | undefined) ?? '' })}
        />
      )}
      {label !== undefined && !render && checkbox && (
        <label className="gk-field__label" htmlFor={id}>
          {label}
        </label>
      )}
      {describedBy !== undefined && (
        <p id={messageId} className={error ? 'gk-field__error' : 'gk-field__hint'}>
          {error ?? hint}
        </p>
      )}
    </div>
  );
}
