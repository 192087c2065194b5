import { Button, Field, Form } from '@gallop/ui-kit';
import { useMemo } from 'react';
import { useApi } from '../../../../lib/api';
import { formProblems } from '../../../../lib/form-problems';
import { useSend } from '../../../../lib/use-send';
import { resetPassword } from '../../api';
import { FormFailure } from '../auth-card/auth-card';
import { useFinishSignIn } from './use-finish-sign-in';

interface Values {
  password: string;
  confirm_password: string;
}

const FIELDS = ['password', 'confirm_password'] as const;

/**
 * The new password from a reset link; success signs the traveller in. A password that is too
 * easy to guess is refused under the field.
 */
export function ResetPasswordForm({ token, returnTo }: { token: string; returnTo: string }) {
  const api = useApi();
  const finish = useFinishSignIn(returnTo);
  const { sending, failure, error, send } = useSend<void>();
  const problems = useMemo(() => formProblems(error, failure, FIELDS), [error, failure]);
  return (
    <Form<Values>
      className="account-form"
      defaultValues={{ password: '', confirm_password: '' }}
      errors={problems.fields}
      onSubmit={({ password }) =>
        send(async () => finish(await resetPassword(api, token, password)))
      }
    >
      <Field
        name="password"
        label="New password"
        type="password"
        autoComplete="new-password"
        rules="required|min:8|max:128"
      />
      <Field
        name="confirm_password"
        label="Repeat the password"
        type="password"
        autoComplete="new-password"
        rules="required|confirmed:password"
      />
      <FormFailure text={problems.message} />
      <Button type="submit" theme="primary" disabled={sending}>
        {sending ? 'Saving…' : 'Save and sign in'}
      </Button>
    </Form>
  );
}
