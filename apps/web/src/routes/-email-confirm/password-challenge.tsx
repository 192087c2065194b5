import { Button, Field, Form } from '@gallop/ui-kit';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { ConfirmationAnswer } from '../../features/account/api';
import { FormFailure, AuthCard } from '../../features/account/components/auth-card/auth-card';
import {
  EmailConfirmPage,
  type LinkAsks,
} from '../../features/account/components/email-confirm-page/email-confirm-page';
import {
  answerEmailConfirmation,
  type SettledConfirmation,
} from '../../features/account/email-confirmation';
import { useApi } from '../../lib/api';
import { formProblems } from '../../lib/form-problems';
import { useSend } from '../../lib/use-send';

/** The question of each link, the API's own words (decision 151). */
const ASKED: Record<LinkAsks, string> = {
  'asks-password': 'Enter the password you chose when you registered',
  'asks-account-password': 'Enter the password of your Gallop account to add this address to it',
};

const FIELDS = ['password'] as const;

/**
 * A confirmation link opened outside its account's session, asking before it confirms (decision
 * 151). A registration's link takes the password chosen when registering, or "I did not create
 * this account" (the address becomes the opener's and the registrant's password stops working).
 * A change's link takes the account's password; whoever did not ask for it ignores the e-mail. A
 * wrong password shows under the field and the link stays usable; once answered, the page shows
 * the link's outcome.
 */
export function PasswordChallenge({ token, asks }: { token: string; asks: LinkAsks }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { sending, failure, error, send } = useSend<void>();
  const [settled, setSettled] = useState<SettledConfirmation>();
  const problems = useMemo(() => formProblems(error, failure, FIELDS), [error, failure]);

  if (settled) return <EmailConfirmPage result={settled.result} email={settled.email} />;

  const answer = (given: ConfirmationAnswer) =>
    send(async () => setSettled(await answerEmailConfirmation(queryClient, api, token, given)));
  const registration = asks === 'asks-password';

  return (
    <AuthCard title="Confirm your e-mail" lead={ASKED[asks]}>
      <Form<{ password: string }>
        className="account-form"
        defaultValues={{ password: '' }}
        errors={problems.fields}
        onSubmit={({ password }) => answer({ password })}
      >
        {/* Checked on submit only: leaving the field (to press "I did not create this account")
            would otherwise validate it and drop the server's "Wrong password", moving that button
            up between the press and its release, so the first click would land on nothing. */}
        <Field
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          rules="required|max:128"
          mode="passive"
        />
        <FormFailure text={problems.message} />
        <div>
          <Button type="submit" theme="primary" disabled={sending}>
            {sending ? 'Confirming…' : 'Confirm e-mail'}
          </Button>
        </div>
      </Form>
      {registration ? (
        <div className="account-form">
          <p>
            Someone else registered with your address? Choose this: the account becomes yours,
            whoever registered it is signed out and their password stops working, and you choose
            your own.
          </p>
          <div>
            <Button disabled={sending} onClick={() => void answer({ not_mine: true })}>
              I did not create this account
            </Button>
          </div>
        </div>
      ) : (
        <p>
          Did not ask for this? Ignore the e-mail: the address is not added to any account without
          its password.
        </p>
      )}
    </AuthCard>
  );
}
