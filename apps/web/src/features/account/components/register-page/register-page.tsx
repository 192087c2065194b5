import { Button, Field, Form, TermsCheckbox } from '@gallop/ui-kit';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useApi } from '../../../../lib/api';
import { formProblems } from '../../../../lib/form-problems';
import { useConsentPages } from '../../../../lib/legal-pages';
import { useSend } from '../../../../lib/use-send';
import { register } from '../../api';
import { AuthCard, FormFailure } from '../auth-card/auth-card';
import { PhoneField } from '../../../../components/form-fields/form-fields';

interface Values {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  password: string;
  confirm_password: string;
  terms: boolean;
}

const FIELDS = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'password',
  'confirm_password',
] as const;

/**
 * `/register`: a traveller account with a password. The API answers alike for a new address and
 * a taken one, so the page says to check the e-mail: its link confirms the address and signs in
 * (or, for an address that has an account, the e-mail says how to sign in). A 422 shows on its
 * fields, e.g. a password that is too easy to guess.
 */
export function RegisterPage({ returnTo }: { returnTo: string }) {
  const api = useApi();
  const { sending, failure, error, done, send } = useSend<string>();
  const problems = useMemo(() => formProblems(error, failure, FIELDS), [error, failure]);
  const consentPages = useConsentPages();
  const submit = (values: Values) =>
    send(async () => {
      const email = values.email.trim();
      await register(api, {
        firstName: values.first_name.trim(),
        lastName: values.last_name.trim(),
        email,
        phone: values.phone || undefined,
        password: values.password,
        confirmPassword: values.confirm_password,
      });
      return email;
    });

  if (done) return <CheckYourEmail email={done.result} />;
  return (
    <AuthCard
      title="Create an account"
      lead="Book tours, keep your favourites on every device and talk to organizers."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" search={returnTo === '/' ? {} : { redirect: returnTo }}>
            Sign in
          </Link>
        </>
      }
    >
      <Form<Values>
        className="account-form"
        defaultValues={{
          first_name: '',
          last_name: '',
          email: '',
          phone: '',
          password: '',
          confirm_password: '',
          terms: false,
        }}
        errors={problems.fields}
        onSubmit={submit}
      >
        <div className="account-form__row">
          <Field
            name="first_name"
            label="First name"
            autoComplete="given-name"
            rules="required|max:100"
          />
          <Field
            name="last_name"
            label="Last name"
            autoComplete="family-name"
            rules="required|max:100"
          />
        </div>
        <Field
          name="email"
          label="E-mail"
          type="email"
          autoComplete="email"
          rules="required|email|max:254"
        />
        <PhoneField name="phone" label="Phone (optional)" rules="phone" />
        <Field
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
          rules="required|min:8|max:128"
        />
        <Field
          name="confirm_password"
          label="Repeat the password"
          type="password"
          autoComplete="new-password"
          rules="required|confirmed:password"
        />
        <TermsCheckbox name="terms" {...consentPages} />
        <FormFailure text={problems.message} />
        <Button type="submit" theme="primary" disabled={sending}>
          {sending ? 'Creating your account…' : 'Create account'}
        </Button>
      </Form>
    </AuthCard>
  );
}

/** After registering: the next step is in the inbox (the same words for a new or a taken address). */
function CheckYourEmail({ email }: { email: string }) {
  return (
    <AuthCard
      title="Check your e-mail"
      lead={
        <>
          We have sent an e-mail to <strong>{email}</strong>. Open the link in it to confirm your
          address and sign in.
        </>
      }
      footer={
        <>
          If this address already has an account, the e-mail says how to sign in instead.{' '}
          <Link to="/login">Sign in</Link>
        </>
      }
    >
      <p className="account-form__success" role="status">
        The link works for 3 days. Nothing there? Look in the spam folder.
      </p>
    </AuthCard>
  );
}
