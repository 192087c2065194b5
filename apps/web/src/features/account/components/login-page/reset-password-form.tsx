import { Button, Field, Form } from '@gallop/ui-kit';
import { useApi } from '../../../../lib/api';
import { useSend } from '../../../../lib/use-send';
import { resetPassword } from '../../api';
import { FormFailure } from '../auth-card/auth-card';
import { useFinishSignIn } from './use-finish-sign-in';

interface Values {
  password: string;
  confirm_password: string;
}

/** The new password from a reset link; success signs the traveller in. */
export function ResetPasswordForm({ token, returnTo }: { token: string; returnTo: string }) {
  const api = useApi();
  const finish = useFinishSignIn(returnTo);
  const { sending, failure, send } = useSend<void>();
  return (
    <Form<Values>
      className="account-form"
      defaultValues={{ password: '', confirm_password: '' }}
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
      <FormFailure text={failure} />
      <Button type="submit" theme="primary" disabled={sending}>
        {sending ? 'Saving…' : 'Save and sign in'}
      </Button>
    </Form>
  );
}
