import { Field, PhoneInput, type FieldProps } from '@gallop/ui-kit';

type ControlFieldProps = Omit<FieldProps, 'render' | 'type' | 'autoComplete'>;

/** A form field with the kit's phone input (country picker, spec section 5 phone rules). */
export function PhoneField(props: ControlFieldProps) {
  return (
    <Field
      {...props}
      render={(control) => (
        <PhoneInput
          id={control.id}
          name={control.name}
          value={String(control.value ?? '')}
          onChange={(phone) => control.onChange(phone)}
          onBlur={() => control.onBlur()}
          ref={control.ref}
          aria-invalid={control['aria-invalid']}
          aria-describedby={control['aria-describedby']}
        />
      )}
    />
  );
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
          id={control.id}
          name={control.name}
          className={textareaClassName ? `gk-input ${textareaClassName}` : 'gk-input'}
          rows={rows}
          placeholder={props.placeholder}
          value={String(control.value ?? '')}
          onChange={(event) => control.onChange(event.target.value)}
          onBlur={() => control.onBlur()}
          ref={control.ref}
          aria-invalid={control['aria-invalid']}
          aria-describedby={control['aria-describedby']}
        />
      )}
    />
  );
}
