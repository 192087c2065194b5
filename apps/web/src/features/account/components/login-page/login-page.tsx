import { Button, Field, Form, Tabs } from '@gallop/ui-kit';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useApi } from '../../../../lib/api';
import { useSend } from '../../../../lib/use-send';
import { recoverPassword, signInWithPassword, siteTokensQueryOptions } from '../../api';
import { AuthCard, FormFailure } from '../auth-card/auth-card';
import { CodeSignIn } from './code-sign-in';
import { ResetPasswordForm, useResetLink } from './reset-password-form';
import { useFinishSignIn } from './use-finish-sign-in';

export interface LoginPageProps {
  /** Where to go once signed in (already checked to be a path of this site). */
  returnTo: string;
  /** From a password reset email: the page asks for the new password. */
  resetToken?: string | undefined;
}

/** `/login`: sign in with a password or a one-time code, or recover the password. */
export function LoginPage({ returnTo, resetToken }: LoginPageProps) {
  const [recovering, setRecovering] = useState(false);
  const registerLink = (
    <>
      New to Gallop?{' '}
      <Link to="/register" search={returnTo === '/' ? {} : { redirect: returnTo }}>
        Create an account
      </Link>
    </>
  );

  if (resetToken) {
    return <ResetPasswordCard token={resetToken} returnTo={returnTo} />;
  }
  if (recovering) {
    return (
      <AuthCard
        title="Forgot your password?"
        lead="Enter the e-mail of your account and we will send you a link to choose a new one."
        footer={
          <button type="button" className="account-form__link" onClick={() => setRecovering(false)}>
            Back to sign in
          </button>
        }
      >
        <RecoverPasswordForm />
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Sign in"
      lead="Your bookings, favourites and messages with tour organizers in one place."
      footer={registerLink}
    >
      <Tabs
        label="How to sign in"
        fill
        items={[
          {
            id: 'password',
            title: 'With password',
            content: <PasswordSignIn returnTo={returnTo} onForgot={() => setRecovering(true)} />,
          },
          { id: 'code', title: 'With a code', content: <CodeSignInTab returnTo={returnTo} /> },
        ]}
      />
    </AuthCard>
  );
}

/**
 * A reset link's page: the link is checked before the form shows, so one already used (or
 * expired) says so and offers a new link instead of a form that could only fail.
 */
function ResetPasswordCard({ token, returnTo }: { token: string; returnTo: string }) {
  const link = useResetLink(token);
  if (link.state === 'spent') {
    return (
      <AuthCard
        title="This link no longer works"
        lead="It was already used or has expired: a password reset link works once and for one hour. Enter the e-mail of your account and we will send you a new one."
        footer={<Link to="/login">Back to sign in</Link>}
      >
        <RecoverPasswordForm />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose a new password" lead="Enter a new password for your account.">
      {link.state === 'checking' ? (
        <p className="account-form__hint" role="status">
          Checking the link…
        </p>
      ) : (
        <ResetPasswordForm token={token} returnTo={returnTo} onSpent={link.markSpent} />
      )}
    </AuthCard>
  );
}

function PasswordSignIn({ returnTo, onForgot }: { returnTo: string; onForgot: () => void }) {
  const api = useApi();
  const finish = useFinishSignIn(returnTo);
  const { sending, failure, send } = useSend<void>();
  const submit = ({ login, password }: { login: string; password: string }) =>
    send(async () => finish(await signInWithPassword(api, login.trim(), password)));
  return (
    <Form<{ login: string; password: string }>
      className="account-form"
      defaultValues={{ login: '', password: '' }}
      onSubmit={submit}
    >
      <Field name="login" label="E-mail or phone" autoComplete="username" rules="required" />
      <Field
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        rules="required"
      />
      <FormFailure text={failure} />
      <div className="account-form__actions">
        <Button type="submit" theme="primary" disabled={sending}>
          {sending ? 'Signing in…' : 'Sign in'}
        </Button>
        <button type="button" className="account-form__link" onClick={onForgot}>
          Forgot your password?
        </button>
      </div>
    </Form>
  );
}

/** The code tab sends codes the way the site prefers (`main_auth_method`, e-mail by default). */
function CodeSignInTab({ returnTo }: { returnTo: string }) {
  const api = useApi();
  // `useQuery`: an optional preference; e-mail until it is known.
  const tokens = useQuery(siteTokensQueryOptions(api));
  return <CodeSignIn returnTo={returnTo} sender={tokens.data?.main_auth_method ?? 'email'} />;
}

function RecoverPasswordForm() {
  const api = useApi();
  const { sending, failure, done, send } = useSend<void>();
  if (done) {
    return (
      <p className="account-form__success" role="status">
        If an account uses this e-mail, a link to choose a new password is on its way. It is valid
        for one hour.
      </p>
    );
  }
  return (
    <Form<{ email: string }>
      className="account-form"
      defaultValues={{ email: '' }}
      onSubmit={({ email }) => send(() => recoverPassword(api, email.trim()))}
    >
      <Field name="email" label="E-mail" type="email" autoComplete="email" rules="required|email" />
      <FormFailure text={failure} />
      <Button type="submit" theme="primary" disabled={sending}>
        {sending ? 'Sending…' : 'Send the link'}
      </Button>
    </Form>
  );
}
