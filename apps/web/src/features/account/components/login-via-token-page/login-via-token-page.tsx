import { ButtonLink } from '../../../../components/button-link/button-link';
import { AuthCard } from '../auth-card/auth-card';

/**
 * `/login-via-token?token=...` when the link did not work (used, expired or missing): the session
 * itself is opened by the route's loader and the traveller goes on without seeing this page.
 */
export function LoginViaTokenFailed() {
  return (
    <AuthCard
      title="This sign-in link has expired"
      lead="Sign-in links work once and for 15 minutes. Sign in again and we will take you on from there."
    >
      <ButtonLink href="/login">Sign in</ButtonLink>
    </AuthCard>
  );
}
