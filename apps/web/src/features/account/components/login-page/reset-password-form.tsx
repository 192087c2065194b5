import { isApiError, type GallopClient } from '@gallop/api-client';
import { operationKeys, operationQueryKey } from '@gallop/api-client/query';
import { Button, Field, Form } from '@gallop/ui-kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useApi } from '../../../../lib/api';
import { formProblems } from '../../../../lib/form-problems';
import { useSend } from '../../../../lib/use-send';
import { checkResetLink, resetPassword } from '../../api';
import { FormFailure } from '../auth-card/auth-card';
import { useFinishSignIn } from './use-finish-sign-in';

interface Values {
  password: string;
  confirm_password: string;
}

const FIELDS = ['password', 'confirm_password'] as const;

/** A reset link the API refuses (410: used or expired; 400: not a token) is spent. */
const isSpentLink = (error: unknown) =>
  isApiError(error) && (error.status === 410 || error.status === 400);

/** `spent`: the link was already used or has expired, so no password form is shown for it. */
export type ResetLinkState = 'usable' | 'spent';

const resetLinkQueryOptions = (api: GallopClient<true>, token: string) => ({
  // A POST that changes nothing, read once per link: keyed under the call's `operationKeys`.
  queryKey: operationQueryKey(operationKeys.checkPasswordResetToken, { token }),
  staleTime: Infinity,
  retry: false,
  queryFn: async (): Promise<ResetLinkState> => {
    try {
      await checkResetLink(api, token);
      return 'usable';
    } catch (error) {
      if (isSpentLink(error)) return 'spent';
      throw error;
    }
  },
});

/**
 * What the page knows of a reset link: `checking` until the API has answered, then `usable` or
 * `spent`. A check that fails otherwise (offline, a server error) leaves the form usable: the reset
 * itself then answers. `markSpent` is for a link spent after the check (another tab used it).
 */
export function useResetLink(token: string | undefined) {
  const api = useApi();
  const queryClient = useQueryClient();
  const options = resetLinkQueryOptions(api, token ?? '');
  // `useQuery`: an optional check of the link in the browser; the form stands in when it fails.
  const check = useQuery({ ...options, enabled: Boolean(token) });
  const state: ResetLinkState | 'checking' = check.isPending
    ? 'checking'
    : (check.data ?? 'usable');
  const markSpent = () => queryClient.setQueryData(options.queryKey, 'spent');
  return { state, markSpent };
}

/**
 * The new password from a reset link; success signs the traveller in. A password that is too
 * easy to guess is refused under the field; a link spent meanwhile calls `onSpent`.
 */
export function ResetPasswordForm({
  token,
  returnTo,
  onSpent,
}: {
  token: string;
  returnTo: string;
  onSpent?: () => void;
}) {
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
        send(async () => {
          const session = await resetPassword(api, token, password).catch((caught: unknown) => {
            if (isSpentLink(caught) && onSpent) return undefined;
            throw caught;
          });
          if (session) await finish(session);
          else onSpent?.();
        })
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
