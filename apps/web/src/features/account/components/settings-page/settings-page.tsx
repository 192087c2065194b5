import { Button, Field, Form, Select } from '@gallop/ui-kit';
import { useMemo, useState } from 'react';
import { useApi } from '../../../../lib/api';
import { formProblems } from '../../../../lib/form-problems';
import { useSend } from '../../../../lib/use-send';
import {
  changeEmail,
  changePassword,
  resendEmailConfirmation,
  updateProfile,
  type UserProfile,
} from '../../api';
import { Link } from '@tanstack/react-router';
import { useSession } from '../../session';
import { FormFailure } from '../auth-card/auth-card';
import '../auth-card/account.css';
import { timeZoneOptions } from '../../time-zones';
import { CompleteProfilePrompt } from './complete-profile-prompt';
import { PhoneSection } from './phone-section';
import { RegionSection } from './region-section';

/**
 * `/settings` (sign-in required): the traveller's details and time zone, country, language and
 * currency, e-mail, phone and password; a profile with empty fields is asked to be completed.
 */
export function SettingsPage({ user }: { user: UserProfile }) {
  const { signOut } = useSession();
  return (
    <div className="page-container">
      <div className="account-settings">
        <h1 className="account-settings__title">Account settings</h1>
        <p className="account-form__hint">
          Looking for a trip? <Link to="/bookings">Your bookings</Link>
        </p>
        <p className="account-form__hint">
          Match tours to how you and your companions ride:{' '}
          <Link to="/rider-passport">Rider passport</Link>
        </p>
        {user.role === 'organizer' && (
          <p className="account-form__hint">
            Running tours? <Link to="/partner/bookings">Your tour bookings</Link>
          </p>
        )}
        <CompleteProfilePrompt user={user} />
        <ProfileSection user={user} />
        <RegionSection user={user} />
        <EmailSection user={user} />
        <PhoneSection user={user} />
        <PasswordSection />
        <section className="account-settings__section" aria-labelledby="settings-sign-out">
          <h2 id="settings-sign-out">Sign out</h2>
          <p className="account-form__hint">Sign out of Gallop on this device.</p>
          <div>
            <Button theme="ghost" onClick={() => void signOut()}>
              Sign out
            </Button>
          </div>
        </section>
      </div>
    </div>
  );
}

/** Saved sections tell so where the traveller is looking. */
function Saved({ text }: { text: string }) {
  return (
    <p className="account-form__success" role="status">
      {text}
    </p>
  );
}

/**
 * What the saved zone changes: the chat's message times and every instant a page writes, such as
 * deadlines and holds (`useViewerTimeZone`, decision 197), each with its zone named (153).
 */
const TIME_ZONE_USE =
  "Chat messages, deadlines and holds show their times in it; until you choose one, in your device's time zone.";

function ProfileSection({ user }: { user: UserProfile }) {
  const api = useApi();
  const { setUser } = useSession();
  const { sending, failure, done, send } = useSend<void>();
  const [timezone, setTimezone] = useState(user.timezone ?? '');
  const zones = useMemo(() => timeZoneOptions(user.timezone), [user.timezone]);
  return (
    <section className="account-settings__section" aria-labelledby="settings-profile">
      <h2 id="settings-profile">Personal details</h2>
      <Form<{ first_name: string; last_name: string }>
        className="account-form"
        defaultValues={{ first_name: user.first_name ?? '', last_name: user.last_name ?? '' }}
        onSubmit={(values) =>
          send(async () =>
            setUser(
              await updateProfile(api, {
                firstName: values.first_name.trim(),
                lastName: values.last_name.trim(),
                timezone: timezone || undefined,
              }),
            ),
          )
        }
      >
        <div className="account-form__row">
          <Field
            name="first_name"
            label="First name"
            autoComplete="given-name"
            rules="required|max:100"
          />
          <Field
            name="last_name"
            label="Last name"
            autoComplete="family-name"
            rules="required|max:100"
          />
        </div>
        <Select
          label="Time zone"
          description={TIME_ZONE_USE}
          items={zones}
          value={timezone || null}
          placeholder="Choose your time zone"
          searchable
          searchLabel="Search time zones"
          onChange={(value) => setTimezone(String(value))}
        />
        <FormFailure text={failure} />
        {done && !sending && !failure && <Saved text="Your details are saved." />}
        <div>
          <Button type="submit" theme="primary" disabled={sending}>
            {sending ? 'Saving…' : 'Save'}
          </Button>
        </div>
      </Form>
    </section>
  );
}

const EMAIL_FIELDS = ['email', 'password'] as const;

/**
 * A refused change shows under its field: a wrong password, or the account's own address with no
 * change waiting ("This is already your e-mail": nothing is sent, so "we sent a link" would be
 * untrue). The own address while a change waits calls it off, as "Keep …" does.
 */
function EmailSection({ user }: { user: UserProfile }) {
  const api = useApi();
  const { setUser } = useSession();
  const change = useSend<UserProfile>();
  const problems = useMemo(
    () => formProblems(change.error, change.failure, EMAIL_FIELDS),
    [change.error, change.failure],
  );
  const resend = useSend<void>();
  const keep = useSend<void>();
  return (
    <section className="account-settings__section" aria-labelledby="settings-email">
      <h2 id="settings-email">
        E-mail
        {user.email && (
          <span
            className={`account-settings__badge account-settings__badge--${user.is_email_confirmed ? 'ok' : 'pending'}`}
          >
            {user.is_email_confirmed ? 'Confirmed' : 'Not confirmed'}
          </span>
        )}
      </h2>
      <p className="account-form__hint">
        {user.email ? (
          <>
            Your e-mail is <strong>{user.email}</strong>. We send booking confirmations and messages
            from organizers there.
          </>
        ) : (
          'Add an e-mail to receive booking confirmations.'
        )}
      </p>
      {user.pending_email && (
        <div className="account-settings__pending" role="status">
          <p className="account-form__hint">
            Waiting for confirmation: <strong>{user.pending_email}</strong>. Open the link we sent
            there to move your account to it; until then we write to{' '}
            {user.email ? <strong>{user.email}</strong> : 'your current e-mail'}.
          </p>
          {user.email && (
            <Button
              theme="ghost"
              size="sm"
              disabled={keep.sending}
              onClick={() =>
                void keep.send(async () => setUser(await changeEmail(api, user.email!, undefined)))
              }
            >
              Keep {user.email}
            </Button>
          )}
          <FormFailure text={keep.failure} />
        </div>
      )}
      {user.email && !user.is_email_confirmed && (
        <div>
          <Button
            theme="ghost"
            size="sm"
            disabled={resend.sending}
            onClick={() => void resend.send(() => resendEmailConfirmation(api))}
          >
            Send the confirmation link again
          </Button>
        </div>
      )}
      <FormFailure text={resend.failure} />
      {resend.done && !resend.failure && (
        <Saved text="If your e-mail still needs confirming, the link is on its way." />
      )}
      <Form<{ email: string; password: string }>
        className="account-form"
        defaultValues={{ email: '', password: '' }}
        errors={problems.fields}
        onSubmit={(values) =>
          change.send(async () => {
            const changed = await changeEmail(
              api,
              values.email.trim(),
              values.password || undefined,
            );
            setUser(changed);
            return changed;
          })
        }
      >
        <div className="account-form__row">
          <Field
            name="email"
            label="New e-mail"
            type="email"
            autoComplete="email"
            rules="required|email|max:254"
          />
          <Field
            name="password"
            label="Current password"
            type="password"
            autoComplete="current-password"
          />
        </div>
        <FormFailure text={problems.message} />
        {change.done &&
          !change.failure &&
          (change.done.result.pending_email ? (
            <Saved text="We sent a link to the new e-mail: your account moves to it once you open it." />
          ) : (
            <Saved
              text={`The change is called off: we keep writing to ${change.done.result.email}.`}
            />
          ))}
        <div>
          <Button type="submit" theme="primary" disabled={change.sending}>
            {change.sending ? 'Saving…' : 'Change e-mail'}
          </Button>
        </div>
      </Form>
    </section>
  );
}

const PASSWORD_FIELDS = ['old_password', 'password', 'confirm_password'] as const;

/**
 * A wrong or missing current password, or a new one too easy to guess, is refused under its field.
 * Once changed, the fields are emptied (a new form): the passwords stay on screen no longer.
 */
function PasswordSection() {
  const api = useApi();
  const { sending, failure, error, done, send } = useSend<void>();
  const problems = useMemo(() => formProblems(error, failure, PASSWORD_FIELDS), [error, failure]);
  const [changes, setChanges] = useState(0);
  return (
    <section className="account-settings__section" aria-labelledby="settings-password">
      <h2 id="settings-password">Password</h2>
      <Form<{ old_password: string; password: string; confirm_password: string }>
        key={changes}
        className="account-form"
        defaultValues={{ old_password: '', password: '', confirm_password: '' }}
        errors={problems.fields}
        onSubmit={(values) =>
          send(async () => {
            await changePassword(api, {
              oldPassword: values.old_password || undefined,
              password: values.password,
              confirmPassword: values.confirm_password,
            });
            setChanges((count) => count + 1);
          })
        }
      >
        {/* The profile does not tell whether the account has a password: the hint fits both. */}
        <Field
          name="old_password"
          label="Current password"
          type="password"
          autoComplete="current-password"
          hint="Needed if your account has a password. Signed up with a code and never set one? Leave it empty."
        />
        <div className="account-form__row">
          <Field
            name="password"
            label="New password"
            type="password"
            autoComplete="new-password"
            rules="required|min:8|max:128"
          />
          <Field
            name="confirm_password"
            label="Repeat the new password"
            type="password"
            autoComplete="new-password"
            rules="required|confirmed:password"
          />
        </div>
        <FormFailure text={problems.message} />
        {done && !sending && !failure && (
          <Saved text="Your password is changed. Other devices need to sign in again." />
        )}
        <div>
          <Button type="submit" theme="primary" disabled={sending}>
            {sending ? 'Saving…' : 'Change password'}
          </Button>
        </div>
      </Form>
    </section>
  );
}
