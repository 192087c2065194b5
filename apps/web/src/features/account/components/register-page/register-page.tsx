import { Button, Field, Form, TermsCheckbox } from '@gallop/ui-kit';
import { Link } from '@tanstack/react-router';
import { useApi } from '../../../../lib/api';
import { useSend } from '../../../../lib/use-send';
import { register } from '../../api';
import { AuthCard, FormFailure } from '../auth-card/auth-card';
import { useFinishSignIn } from '../login-page/use-finish-sign-in';
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

/** `/register`: a traveller account with a password; a confirmation link goes to the e-mail. */
export function RegisterPage({ returnTo }: { returnTo: string }) {
  const api = useApi();
  const finish = useFinishSignIn(returnTo);
  const { sending, failure, send } = useSend<void>();
  const submit = (values: Values) =>
    send(async () =>
      finish(
        await register(api, {
          firstName: values.first_name.trim(),
          lastName: values.last_name.trim(),
          email: values.email.trim(),
          phone: values.phone || undefined,
          password: values.password,
          confirmPassword: values.confirm_password,
        }),
      ),
    );

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
        <TermsCheckbox name="terms" termsUrl="/agreement" privacyUrl="/privacy" />
        <FormFailure text={failure} />
        <Button type="submit" theme="primary" disabled={sending}>
          {sending ? 'Creating your account…' : 'Create account'}
        </Button>
      </Form>
    </AuthCard>
  );
}
