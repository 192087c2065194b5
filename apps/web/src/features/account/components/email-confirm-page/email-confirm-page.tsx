import { Button } from '@gallop/ui-kit';
import { ButtonLink } from '../../../../components/button-link/button-link';
import { useApi } from '../../../../lib/api';
import { useSend } from '../../../../lib/use-send';
import { resendEmailConfirmation } from '../../api';
import { AuthCard, FormFailure } from '../auth-card/auth-card';

/**
 * What a link asks before it confirms, opened outside its account's session (decision 151):
 * `asks-password`, a registration's (the password chosen when registering, or "I did not create
 * this account"); `asks-account-password`, an e-mail change's.
 */
export type LinkAsks = 'asks-password' | 'asks-account-password';

/**
 * `signed-in`: the link confirmed the address and signed in (the end of a registration);
 * `other-account`: the link confirmed the address of another account than the signed-in one;
 * `taken`: the address of an e-mail change went to another account before its link was opened;
 * `disowned`: "I did not create this account" made the address the opener's, signed in to set a
 * password (`disowned-elsewhere`: signed in to another account, so a reset link is the way in;
 * `disowned-signed-out`: the address is confirmed but a password was set for the account meanwhile,
 * so the link signed nobody in and a reset link is the way in, decision 203).
 */
export type LinkOutcome =
  | 'signed-in'
  | 'confirmed'
  | 'other-account'
  | 'taken'
  | 'disowned'
  | 'disowned-elsewhere'
  | 'disowned-signed-out'
  | 'expired'
  | 'no-link';

export type EmailConfirmation = LinkOutcome | LinkAsks;

/** `/email-confirm`: the result of the link, or (signed in) a way to get a new one. */
export function EmailConfirmPage({ result, email }: { result: LinkOutcome; email: string | null }) {
  const api = useApi();
  const resend = useSend<void>();
  if (result === 'disowned-signed-out') {
    return (
      <AuthCard
        title="Your e-mail is confirmed"
        lead={
          <>
            The account registered with {email ? <strong>{email}</strong> : 'this address'} is
            confirmed. A password was set for it while this page was open, so you are not signed in.
          </>
        }
      >
        <p>
          To sign in, choose &ldquo;Forgot your password?&rdquo; on the sign-in page with this
          address: we will e-mail you a link to choose a password of your own.
        </p>
        <ButtonLink href="/login">Sign-in page</ButtonLink>
      </AuthCard>
    );
  }
  if (result === 'disowned' || result === 'disowned-elsewhere') {
    return (
      <AuthCard
        title="This e-mail is yours"
        lead={
          <>
            The account registered with {email ? <strong>{email}</strong> : 'this address'} is yours
            now. Whoever registered it is signed out, and the password they chose no longer works.
          </>
        }
      >
        {result === 'disowned' ? (
          <>
            <p>Choose a password of your own to sign in with it next time.</p>
            <ButtonLink href="/settings">Choose a password</ButtonLink>
          </>
        ) : (
          <>
            <p>
              You are signed in to another account. To use this one, sign out, then choose
              &ldquo;Forgot your password?&rdquo; on the sign-in page with this address.
            </p>
            <ButtonLink href="/login">Sign-in page</ButtonLink>
          </>
        )}
      </AuthCard>
    );
  }
  if (result === 'confirmed' || result === 'signed-in') {
    return (
      <AuthCard
        title="Your e-mail is confirmed"
        lead={
          <>
            {result === 'signed-in' ? 'Welcome to Gallop: you are signed in.' : 'Thank you.'}{' '}
            Booking confirmations and messages from organizers will reach <strong>{email}</strong>.
          </>
        }
      >
        <ButtonLink href="/">Find a tour</ButtonLink>
      </AuthCard>
    );
  }
  if (result === 'other-account') {
    return (
      <AuthCard
        title="E-mail confirmed for another account"
        lead={
          <>
            This link confirmed the e-mail of another Gallop account. You are signed in as{' '}
            {email ? <strong>{email}</strong> : 'someone else'}, and your account has not changed.
          </>
        }
      >
        <ButtonLink href="/settings">Account settings</ButtonLink>
      </AuthCard>
    );
  }
  if (result === 'taken') {
    return (
      <AuthCard
        title="This e-mail belongs to another account"
        lead={
          <>
            Another Gallop account uses this address now, so your account keeps{' '}
            {email ? <strong>{email}</strong> : 'its e-mail'}. You can choose another address in
            your settings.
          </>
        }
      >
        <ButtonLink href="/settings">Account settings</ButtonLink>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={result === 'expired' ? 'This link has expired' : 'Confirm your e-mail'}
      lead={
        result === 'expired'
          ? 'Confirmation links work once and for 3 days. We can send you a new one.'
          : 'Open the link we sent to your e-mail to confirm it. Did not get it? We can send it again.'
      }
    >
      {resend.done && !resend.failure ? (
        <p className="account-form__success" role="status">
          A new link is on its way to <strong>{email}</strong>.
        </p>
      ) : (
        <div>
          <Button
            disabled={resend.sending || !email}
            onClick={() => void resend.send(() => resendEmailConfirmation(api))}
          >
            {resend.sending ? 'Sending…' : 'Send a new link'}
          </Button>
        </div>
      )}
      <FormFailure text={resend.failure} />
    </AuthCard>
  );
}
