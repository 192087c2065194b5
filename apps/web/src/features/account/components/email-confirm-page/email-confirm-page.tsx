import { Button } from '@gallop/ui-kit';
import { ButtonLink } from '../../../../components/button-link/button-link';
import { useApi } from '../../../../lib/api';
import { useSend } from '../../../../lib/use-send';
import { resendEmailConfirmation } from '../../api';
import { AuthCard, FormFailure } from '../auth-card/auth-card';

/**
 * `signed-in`: the link confirmed the address and signed in (the end of a registration);
 * `other-account`: the link confirmed the address of another account than the signed-in one;
 * `taken`: the address of an e-mail change went to another account before its link was opened.
 */
export type EmailConfirmation =
  'signed-in' | 'confirmed' | 'other-account' | 'taken' | 'expired' | 'no-link';

/** `/email-confirm`: the result of the link, or (signed in) a way to get a new one. */
export function EmailConfirmPage({
  result,
  email,
}: {
  result: EmailConfirmation;
  email: string | null;
}) {
  const api = useApi();
  const resend = useSend<void>();
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
