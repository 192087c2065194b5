import { Button, CodeInput, Field, Form, formatPhone } from '@gallop/ui-kit';
import { useEffect, useState } from 'react';
import { useApi } from '../../../../lib/api';
import { useFavouriteTourIds } from '../../../../lib/favourites';
import { guestFavouriteIds } from '../../../../lib/favourites-owner';
import { useSend } from '../../../../lib/use-send';
import { sendSignInCode, signInWithCode, type CodeSender } from '../../api';
import { FormFailure } from '../auth-card/auth-card';
import { useFinishSignIn } from './use-finish-sign-in';
import { PhoneField } from '../../../../components/form-fields/form-fields';

/** How the code reaches the traveller, for the hint under the code boxes. */
const SENDER_NAMES: Partial<Record<CodeSender, string>> = {
  email: 'by e-mail',
  sms: 'by SMS',
  whatsapp: 'on WhatsApp',
  whatsapp_paid: 'on WhatsApp',
  telegram: 'on Telegram',
  telegram_with_phone_request: 'on Telegram',
};

/** Whether two e-mail addresses are the same, as typed: case and surrounding spaces aside. */
const sameAddress = (typed: string, known: string | undefined) =>
  known !== undefined && typed.trim().toLowerCase() === known.trim().toLowerCase();

/**
 * Sign-in with a one-time code: the traveller's e-mail (or phone, for the other senders), then
 * the 5 digits that arrive. The code boxes submit themselves when full; guest favourites travel
 * with the sign-in so none are lost (an account's copy left in the browser does not).
 * `defaultLogin` fills the address in, `sendLabel` names the first button.
 *
 * The hint after sending says "if an account exists" (the API answers alike for unknown logins:
 * no account enumeration), except for `bookedWith`, the address a guest just booked with: the
 * booking gave it an account, so the code was sent, and saying "if" would only puzzle the guest
 * (decision 153).
 */
export function CodeSignIn({
  returnTo,
  sender,
  defaultLogin = '',
  bookedWith,
  sendLabel = 'Send me a code',
}: {
  returnTo: string;
  sender: CodeSender;
  defaultLogin?: string | undefined;
  bookedWith?: string | undefined;
  sendLabel?: string;
}) {
  const api = useApi();
  const favourites = useFavouriteTourIds();
  const finish = useFinishSignIn(returnTo);
  const [login, setLogin] = useState<string | undefined>();
  const [code, setCode] = useState('');
  const [waitSeconds, setWaitSeconds] = useState(0);
  const sending = useSend<void>();
  const checking = useSend<void>();
  const byEmail = sender === 'email';

  useEffect(() => {
    if (waitSeconds <= 0) return;
    const timer = setTimeout(() => setWaitSeconds((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [waitSeconds]);

  const sendCode = (to: string) =>
    sending.send(async () => {
      setWaitSeconds(await sendSignInCode(api, to, sender));
      setLogin(to);
      setCode('');
    });
  const check = (digits: string) =>
    checking.send(async () => {
      if (!login) return;
      finish(await signInWithCode(api, login, digits, sender, guestFavouriteIds(favourites)));
    });

  if (!login) {
    return (
      <Form<{ login: string }>
        className="account-form"
        defaultValues={{ login: defaultLogin }}
        onSubmit={({ login: typed }) => sendCode(typed.trim())}
      >
        {byEmail ? (
          <Field
            name="login"
            label="E-mail"
            type="email"
            autoComplete="email"
            rules="required|email"
          />
        ) : (
          <PhoneField name="login" label="Phone" rules="required|phone" />
        )}
        <FormFailure text={sending.failure} />
        <Button type="submit" theme="primary" disabled={sending.sending}>
          {sending.sending ? 'Sending…' : sendLabel}
        </Button>
      </Form>
    );
  }

  return (
    <div className="account-form">
      <p className="account-form__hint" role="status">
        {byEmail && sameAddress(login, bookedWith) ? (
          <>
            We have sent a 5-digit code to <strong>{login}</strong>, the address you booked with.
          </>
        ) : (
          <>
            {/* The API answers the same for unknown logins (no account enumeration). */}
            If an account exists for <strong>{formatPhone(login)}</strong>, we have sent it a
            5-digit code {SENDER_NAMES[sender] ?? ''}.
          </>
        )}
      </p>
      <CodeInput
        label="Sign-in code"
        value={code}
        onChange={setCode}
        onComplete={check}
        invalid={checking.failure !== undefined}
        disabled={checking.sending}
        autoFocus
      />
      <FormFailure text={checking.failure ?? sending.failure} />
      <div className="account-form__actions">
        <Button
          theme="primary"
          onClick={() => check(code)}
          disabled={checking.sending || code.length !== 5}
        >
          {checking.sending ? 'Checking…' : 'Sign in'}
        </Button>
        {waitSeconds > 0 ? (
          <span className="account-form__hint">Send again in {waitSeconds} s</span>
        ) : (
          <button type="button" className="account-form__link" onClick={() => sendCode(login)}>
            Send the code again
          </button>
        )}
      </div>
      <button type="button" className="account-form__link" onClick={() => setLogin(undefined)}>
        Use another {byEmail ? 'e-mail' : 'number'}
      </button>
    </div>
  );
}
