import { isApiError } from '@gallop/api-client';
import { Button } from '@gallop/ui-kit';
import { ButtonLink } from '../../components/button-link/button-link';
import { signInWithLink } from '../../features/account/api';
import { AuthCard, FormFailure } from '../../features/account/components/auth-card/auth-card';
import { LoginViaTokenFailed } from '../../features/account/components/login-via-token-page/login-via-token-page';
import { afterSignInPath } from '../../features/account/return-path';
import { useApi } from '../../lib/api';
import { useSend } from '../../lib/use-send';

export interface SwitchAccountProps {
  token: string;
  /** The link's `redirect`: where to go after signing in (checked by `afterSignInPath`). */
  redirect: string | undefined;
  /** Who is signed in now, as the visitor knows the account (its e-mail, phone or name). */
  signedInAs: string;
}

/**
 * `/login-via-token` opened while signed in: the link may be another account's, planted to sign
 * the visitor in to it (login CSRF), so nothing switches until they say so. Their choice spends
 * the link and loads the next page afresh, so nothing of the account they leave stays in the page.
 */
export function SwitchAccount({ token, redirect, signedInAs }: SwitchAccountProps) {
  const api = useApi();
  const switching = useSend<void>();
  const next = afterSignInPath(redirect);
  const spent = isApiError(switching.error) && switching.error.status === 410;
  if (spent) return <LoginViaTokenFailed />;
  return (
    <AuthCard
      title="Sign in with this link?"
      lead={`You are signed in as ${signedInAs}. This link signs in to a Gallop account, which may be another one. Sign in as the link's account instead?`}
    >
      <div className="account-form__actions">
        <Button
          disabled={switching.sending || switching.done !== undefined}
          onClick={() =>
            void switching.send(async () => {
              await signInWithLink(api, token);
              window.location.assign(next);
            })
          }
        >
          {switching.sending || switching.done ? 'Signing in…' : 'Sign in with the link'}
        </Button>
        <ButtonLink href={next} theme="ghost">
          Stay signed in as {signedInAs}
        </ButtonLink>
      </div>
      <FormFailure text={switching.failure} />
    </AuthCard>
  );
}
