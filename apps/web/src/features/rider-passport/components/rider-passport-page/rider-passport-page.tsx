import { getRiderPassportQueryOptions } from '@gallop/api-client/query';
import { formatWeight, LEVEL_LABELS, TACK_LABELS } from '@gallop/rider-fit';
import { Button, Form } from '@gallop/ui-kit';
import { hashKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useCallback, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useApi } from '../../../../lib/api';
import { formProblems } from '../../../../lib/form-problems';
import {
  useRiderPassport,
  type RiderPassports,
  type RiderPassportState,
} from '../../../../lib/rider-passport';
import { useWeightUnit } from '../../../../lib/weight-unit';
import { useSend } from '../../../../lib/use-send';
import {
  bodyFieldNames,
  formStart,
  passportsOf,
  type PassportFormValues,
} from '../../passport-values';
import { RIDER_PASSPORT_TITLE } from '../../title';
import { Companions } from '../companions/companions';
import { PassportFields } from '../passport-fields/passport-fields';
import './rider-passport-page.css';

const SAVED = 'Your rider passport is saved.';
const NO_PASSPORTS: RiderPassports = { passport: null, companions: [] };

/**
 * `/rider-passport` (issue 46): the traveller's level, usual tack, hours a day and weight, and
 * when signed in their companions'. The server renders the empty form, disabled: the passport is
 * the visitor's own (a cookie or the account) and shows once the page has hydrated.
 */
export function RiderPassportPage() {
  useAccountPassportsEntry();
  const state = useRiderPassport();
  const loadFailure = useAccountLoadFailure(state.signedIn);
  return (
    <div className="page-container rider-passport">
      <h1 className="display-heading rider-passport__title">{RIDER_PASSPORT_TITLE}</h1>
      <p className="rider-passport__intro">
        Tell us how you ride and we match you against every tour: each one shows whether it fits
        you, is a stretch or is not suitable. Your weight stays private: it is shared only with the
        organizer of a booking it is used in.
      </p>
      {loadFailure ? (
        <div className="rider-passport__failure" role="alert">
          <p>Your rider passport could not be loaded. Check your connection and try again.</p>
          <Button onClick={loadFailure.retry}>Try again</Button>
        </div>
      ) : state.ready ? (
        // The form takes its passports once, when it opens: an account's (weights, companions)
        // must not stay on screen, nor be saved as the device's, once signed out here or in
        // another tab. A sign-in to another account elsewhere unloads them (`SessionEffects`),
        // which closes the form until the new account's have loaded.
        <LoadedPassport key={state.signedIn ? 'account' : 'guest'} state={state} />
      ) : (
        <PassportForm
          start={NO_PASSPORTS}
          signedIn={false}
          disabled
          onSubmit={() => undefined}
          actions={null}
        />
      )}
    </div>
  );
}

/**
 * Renders the page again when the account's passports leave the query cache or come back: a
 * sign-out (here or in another tab) or a sign-in to another account in another tab removes them
 * (`forgetAccount`, `SessionEffects`) without telling the hook that read them, and the page kept
 * showing the first account's weights and companions (probe 2026-12-07).
 */
function useAccountPassportsEntry() {
  const api = useApi();
  const cache = useQueryClient().getQueryCache();
  const hash = hashKey(getRiderPassportQueryOptions(api).queryKey);
  const subscribe = useCallback((changed: () => void) => cache.subscribe(changed), [cache]);
  return useSyncExternalStore(
    subscribe,
    () => cache.get(hash),
    () => undefined,
  );
}

/**
 * Whether the account's passports failed to load: `useRiderPassport` then answers an empty
 * passport, and saving that would replace the account's companions.
 */
function useAccountLoadFailure(signedIn: boolean) {
  const api = useApi();
  // `useQuery`: watches the query `useRiderPassport` runs for a signed-in traveller in the
  // browser; disabled, it never fetches by itself, only on "Try again".
  const query = useQuery({ ...getRiderPassportQueryOptions(api), enabled: false, retry: false });
  if (!signedIn || !query.isError || query.isFetching) return undefined;
  return { retry: () => void query.refetch() };
}

function LoadedPassport({ state }: { state: RiderPassportState }) {
  // What the form starts from: the passports as loaded, then as last removed or imported (the
  // form shows them again at once, before the saved answer comes back through the hook).
  const [start, setStart] = useState<RiderPassports>(() => ({
    passport: state.passport,
    companions: state.companions,
  }));
  const [version, setVersion] = useState(0);
  const saving = useSend<void>();
  const removing = useSend<void>();
  const importing = useSend<void>();
  const [keys, setKeys] = useState(() => formStart(start).keys);
  const problems = useMemo(() => {
    const names = bodyFieldNames(keys);
    const found = formProblems(saving.error, saving.failure, [...names.keys()]);
    const fields = Object.fromEntries(
      Object.entries(found.fields).map(([body, message]) => [names.get(body) ?? body, message]),
    );
    return { fields, message: found.message };
  }, [saving.error, saving.failure, keys]);

  function restart(passports: RiderPassports) {
    setStart(passports);
    setKeys(formStart(passports).keys);
    setVersion(version + 1);
  }

  const remove = () =>
    removing.send(async () => {
      saving.reset();
      const next = { passport: null, companions: state.companions };
      await state.save(next);
      restart(next);
    });

  const guestPassport = state.signedIn ? state.guestPassport : null;
  const weightUnit = useWeightUnit();
  /** "Novice, English tack, 3 h a day, 82 kg": what the device's passport holds, in short. */
  const passportSummary = (passport: NonNullable<typeof guestPassport>) =>
    [
      LEVEL_LABELS[passport.level],
      passport.tack === null
        ? null
        : passport.tack === 'other'
          ? TACK_LABELS.other
          : `${TACK_LABELS[passport.tack]} tack`,
      passport.hoursPerDay === null ? null : `${passport.hoursPerDay} h a day`,
      passport.weightKg === null ? null : formatWeight(passport.weightKg, weightUnit),
    ]
      .filter(Boolean)
      .join(', ');
  const importGuest = (passport: NonNullable<typeof guestPassport>) =>
    importing.send(async () => {
      const next = { passport, companions: state.companions };
      await state.save(next);
      restart(next);
    });

  return (
    <>
      {guestPassport && !state.accountHasPassport && (
        <div className="rider-passport__notice">
          <p>You filled a passport before signing in.</p>
          <Button
            theme="primary"
            size="sm"
            loading={importing.sending}
            onClick={() => void importGuest(guestPassport)}
          >
            Save it to your account
          </Button>
          <Failure text={importing.failure} />
        </div>
      )}
      {guestPassport && state.accountHasPassport && (
        <div className="rider-passport__notice">
          <p>
            Before signing in you filled a different passport on this device:{' '}
            {passportSummary(guestPassport)}.
          </p>
          <Button
            theme="primary"
            size="sm"
            loading={importing.sending}
            onClick={() => void importGuest(guestPassport)}
          >
            Use it instead
          </Button>{' '}
          <Button
            theme="ghost"
            size="sm"
            disabled={importing.sending}
            onClick={() => state.dropGuestPassport()}
          >
            Keep my saved passport
          </Button>
          <Failure text={importing.failure} />
        </div>
      )}
      {importing.done && !guestPassport && <Saved text={SAVED} />}
      <PassportForm
        key={version}
        start={start}
        signedIn={state.signedIn}
        keys={keys}
        onKeysChange={setKeys}
        errors={problems.fields}
        onSubmit={(values) =>
          saving.send(async () => {
            removing.reset();
            await state.save(passportsOf(values, keys));
          })
        }
        actions={
          <>
            <Failure text={problems.message ?? removing.failure} />
            {saving.done && !saving.sending && !saving.failure && <Saved text={SAVED} />}
            {removing.done && !removing.sending && !removing.failure && (
              <Saved text="Your rider passport is removed." />
            )}
            <div className="rider-passport__actions">
              <Button type="submit" theme="primary" loading={saving.sending}>
                Save passport
              </Button>
              {state.passport && (
                <Button loading={removing.sending} onClick={() => void remove()}>
                  Remove passport
                </Button>
              )}
            </div>
          </>
        }
      />
      {!state.signedIn && (
        <p className="rider-passport__sign-in">
          Sign in to keep companions' passports and use them on any device.{' '}
          <Link to="/login" search={{ redirect: '/rider-passport' }}>
            Sign in
          </Link>
        </p>
      )}
    </>
  );
}

/** The form: disabled and empty until the visitor's passport is known. */
function PassportForm({
  start,
  signedIn,
  keys = [],
  onKeysChange = () => undefined,
  errors,
  disabled = false,
  onSubmit,
  actions,
}: {
  start: RiderPassports;
  signedIn: boolean;
  keys?: readonly string[];
  onKeysChange?: (keys: string[]) => void;
  errors?: Partial<Record<string, string>>;
  disabled?: boolean;
  onSubmit: (values: PassportFormValues) => void | Promise<void>;
  /** What shows under the fields: messages and buttons; the loading form shows its own. */
  actions: ReactNode;
}) {
  const defaultValues = useMemo(() => formStart(start).values, [start]);
  return (
    <Form<PassportFormValues>
      className="rider-passport__form"
      defaultValues={defaultValues}
      errors={errors}
      onSubmit={onSubmit}
      aria-busy={disabled || undefined}
      aria-label={RIDER_PASSPORT_TITLE}
    >
      <fieldset className="rider-passport__fieldset" disabled={disabled}>
        <section className="rider-passport__section" aria-labelledby="passport-yours-title">
          <h2 id="passport-yours-title" className="rider-passport__section-title">
            Your passport
          </h2>
          <PassportFields owner="self" />
        </section>
        {signedIn && <Companions keys={keys} onKeysChange={onKeysChange} />}
        {actions ?? (
          <div className="rider-passport__actions">
            <Button type="submit" theme="primary">
              Save passport
            </Button>
          </div>
        )}
      </fieldset>
    </Form>
  );
}

function Saved({ text }: { text: string }) {
  return (
    <p className="rider-passport__saved" role="status">
      {text}
    </p>
  );
}

function Failure({ text }: { text: string | undefined }) {
  if (!text) return null;
  return (
    <p className="rider-passport__error" role="alert">
      {text}
    </p>
  );
}
