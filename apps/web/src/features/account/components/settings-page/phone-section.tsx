import { listPhoneConfirmationMethodsQueryOptions } from '@gallop/api-client/query';
import {
  Button,
  CodeInput,
  detectPhoneCountry,
  Field,
  Form,
  formatPhone,
  PhoneInput,
  type RuleFunction,
} from '@gallop/ui-kit';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import {
  realPhoneNumber,
  usePhoneStartCountry,
} from '../../../../components/form-fields/form-fields';
import { useApi } from '../../../../lib/api';
import { useSend } from '../../../../lib/use-send';
import {
  changePhone,
  confirmPhone,
  sendPhoneCode,
  type CodeSender,
  type UserProfile,
} from '../../api';
import { useSession } from '../../session';
import { FormFailure } from '../auth-card/auth-card';

/**
 * The senders the API may list for a phone (`PHONE_CONFIRMATION_METHODS` of its accounts module),
 * how each is offered and where its code arrives.
 */
const PHONE_SENDERS: Partial<Record<CodeSender, { button: string; code: string; by: string }>> = {
  sms: { button: 'Confirm by SMS', code: 'Code from the SMS', by: 'by SMS' },
  whatsapp: { button: 'Confirm on WhatsApp', code: 'Code from WhatsApp', by: 'on WhatsApp' },
  telegram: { button: 'Confirm on Telegram', code: 'Code from Telegram', by: 'on Telegram' },
};

/**
 * The phone: the saved number, its confirmation by a code, and a new number. A code is offered
 * only by the senders the API lists (`phone-confirmation-methods`: those that can deliver one,
 * decision 060); with none, the page says the phone cannot be confirmed now instead of asking for
 * a code that would be refused.
 */
export function PhoneSection({ user }: { user: UserProfile }) {
  const api = useApi();
  const { setUser } = useSession();
  const change = useSend<void>();
  const [codeSentBy, setCodeSentBy] = useState<CodeSender | undefined>();
  return (
    <section className="account-settings__section" aria-labelledby="settings-phone">
      <h2 id="settings-phone">
        Phone
        {user.phone && (
          <span
            className={`account-settings__badge account-settings__badge--${user.is_phone_confirmed ? 'ok' : 'pending'}`}
          >
            {user.is_phone_confirmed ? 'Confirmed' : 'Not confirmed'}
          </span>
        )}
      </h2>
      {user.phone && (
        <p className="account-form__hint">
          Your phone is <strong>{formatPhone(user.phone)}</strong>.
        </p>
      )}
      {user.phone && !user.is_phone_confirmed && (
        <PhoneConfirmation
          phone={user.phone}
          codeSentBy={codeSentBy}
          onCodeSent={setCodeSentBy}
          onConfirmed={(profile) => {
            setUser(profile);
            setCodeSentBy(undefined);
          }}
        />
      )}
      <Form<{ phone: string }>
        className="account-form"
        defaultValues={{ phone: '' }}
        onSubmit={({ phone }) =>
          change.send(async () => {
            setUser(await changePhone(api, phone));
            setCodeSentBy(undefined);
          })
        }
      >
        <NewPhoneField label={user.phone ? 'New phone' : 'Phone'} saved={user.phone} />
        <FormFailure text={change.failure} />
        <div>
          <Button type="submit" theme="primary" disabled={change.sending}>
            {change.sending ? 'Saving…' : user.phone ? 'Change phone' : 'Add phone'}
          </Button>
        </div>
      </Form>
    </section>
  );
}

/** Once the API has said how codes can reach the phone: a button for each, then the code. */
function PhoneConfirmation({
  phone,
  codeSentBy,
  onCodeSent,
  onConfirmed,
}: {
  phone: string;
  codeSentBy: CodeSender | undefined;
  onCodeSent: (sender: CodeSender) => void;
  onConfirmed: (profile: UserProfile) => void;
}) {
  const api = useApi();
  const code = useSend<void>();
  const confirm = useSend<void>();
  const [digits, setDigits] = useState('');
  // `useQuery`: the buttons appear when the answer does; the rest of the page shows without it.
  const methods = useQuery(listPhoneConfirmationMethodsQueryOptions(api));
  const offered = (methods.data?.methods ?? []).filter((sender) => PHONE_SENDERS[sender]);

  if (codeSentBy) {
    const sender = PHONE_SENDERS[codeSentBy];
    return (
      <div className="account-form">
        <p className="account-form__hint" role="status">
          We have sent a 5-digit code {sender?.by} to <strong>{formatPhone(phone)}</strong>.
        </p>
        <CodeInput
          label={sender?.code ?? 'Confirmation code'}
          value={digits}
          onChange={setDigits}
          onComplete={(value) =>
            void confirm.send(async () => onConfirmed(await confirmPhone(api, value)))
          }
          invalid={confirm.failure !== undefined}
          disabled={confirm.sending}
        />
        <FormFailure text={confirm.failure} />
      </div>
    );
  }
  return (
    <div className="account-form">
      {methods.isError && (
        <FormFailure text="We could not check how to send you a code. Reload the page to try again." />
      )}
      {methods.isSuccess && offered.length === 0 && (
        <p className="account-form__hint" role="status">
          We cannot send confirmation codes to phones at the moment, so your number stays
          unconfirmed for now. It is saved, and you can confirm it here later.
        </p>
      )}
      {offered.length > 0 && (
        <div className="account-settings__senders">
          {offered.map((sender) => (
            <Button
              key={sender}
              theme="ghost"
              size="sm"
              disabled={code.sending}
              onClick={() =>
                void code.send(async () => {
                  await sendPhoneCode(api, sender);
                  setDigits('');
                  onCodeSent(sender);
                })
              }
            >
              {PHONE_SENDERS[sender]!.button}
            </Button>
          ))}
        </div>
      )}
      <FormFailure text={code.failure} />
    </div>
  );
}

/** Shown when the number is sent while the input still asks to confirm its country. */
const CONFIRM_PHONE_COUNTRY = 'Press Confirm to use this number, or correct it.';

/**
 * The new phone, starting in the saved number's country, else the visitor's (decision 145). A
 * number typed for another country than the chosen one ("+44 …" with the US) makes the input ask
 * 'This number belongs to United Kingdom [Confirm]'; the number is saved only once that is
 * confirmed (docs/product.md, States: the user confirms, then it is saved). The check reads what
 * the input shows, as its hint does.
 */
function NewPhoneField({ label, saved }: { label: string; saved: string | null | undefined }) {
  const startCountry = usePhoneStartCountry(saved);
  const [country, setCountry] = useState(startCountry);
  // Read by the rule when the form validates, which may run before a re-render.
  const chosen = useRef(country);
  const input = useRef<HTMLInputElement | null>(null);
  const rules = useMemo(() => {
    const countryConfirmed: RuleFunction = () => {
      const detected = detectPhoneCountry(input.current?.value ?? '');
      return detected === undefined || detected === chosen.current || CONFIRM_PHONE_COUNTRY;
    };
    return ['required|phone', realPhoneNumber, countryConfirmed];
  }, []);
  return (
    <Field
      name="phone"
      label={label}
      rules={rules}
      render={(control) => (
        <PhoneInput
          id={control.id}
          name={control.name}
          value={String(control.value ?? '')}
          onChange={(phone) => control.onChange(phone)}
          onBlur={() => control.onBlur()}
          inputRef={(element) => {
            input.current = element;
            control.ref(element);
          }}
          country={country}
          onCountryChange={(isoCode) => {
            chosen.current = isoCode;
            setCountry(isoCode);
            // A refusal for the old country clears once the country is confirmed.
            control.onChange(control.value);
          }}
          validate={false}
          aria-invalid={control['aria-invalid']}
          aria-describedby={control['aria-describedby']}
        />
      )}
    />
  );
}
