import { isApiError } from '@gallop/api-client';
import { formatPrice } from '@gallop/currency';
import { Button, ConfirmModal, Form, formatPhone, useFormFields } from '@gallop/ui-kit';
import { Link } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  formatWeight,
  LEVEL_DEFINITIONS,
  needsHeavyHorse,
  type WeightUnit,
} from '@gallop/rider-fit';
import { useMemo, useState } from 'react';
import { useApi } from '../../../../lib/api';
import { ridingRequirements, tourFit, weightRefusal } from '../../../../lib/rider-fit';
import { formatDay } from '../../../../lib/tour-format';
import { useSend } from '../../../../lib/use-send';
import { useWeightUnit } from '../../../../lib/weight-unit';
import {
  refetchBookings,
  storeBooking,
  updateTourists,
  type BookingRequest,
  type Tourist,
  type TouristInput,
  type Traveller,
} from '../../api';
import { isOver, readsByLink } from '../../status';
import { roomToAdd } from '../add-tourists-page/added-cost';
import { PassportFill } from '../passport-fill';
import {
  RiderFitNote,
  singleLevelStop,
  useLevelStop,
  type SingleLevelStop,
} from '../rider-fit-note';
import {
  hasFitValues,
  RiderFields,
  riderProblems,
  riderProfile,
  riderValues,
  toTouristInput,
  unchangedTourist,
  useRiderProfiles,
  type RiderValues,
} from '../rider-fields';
import { fillQuestionnaires } from './questionnaires';
import './rider-editor.css';

/**
 * "Maya Hart, born 2 Apr 1990, 62 kg, Novice level" and the optional details on a second line.
 */
function RiderSummary({ tourist }: { tourist: Tourist }) {
  const weightUnit = useWeightUnit();
  // The phone as settings write it ("+1 415 555 0123"), not as kept.
  const details = [
    tourist.email,
    tourist.phone ? formatPhone(tourist.phone) : null,
    tourist.food_restriction,
  ].filter(Boolean);
  return (
    <span className="rider-editor__summary">
      {tourist.full_name}
      {tourist.birthday ? `, born ${formatDay(tourist.birthday)}` : ''}
      {tourist.weight ? `, ${formatWeight(tourist.weight, weightUnit)}` : ''}
      {tourist.level ? `, ${LEVEL_DEFINITIONS[tourist.level].label} level` : ''}
      {tourist.rides === false ? ', comes along without riding' : ''}
      {details.length > 0 && <span className="rider-editor__details">{details.join(' · ')}</span>}
    </span>
  );
}

/**
 * The riders of a booking on its page. The signed-in owner edits a rider where the API allows it
 * (`can_edit`) and removes one after confirming (`can_delete`); both save the whole list through
 * `update-tourists`, and the page shows the new price, or the API's reason when it refuses (no
 * seats left, a paid booking, a tour that has started). New riders join on the add-a-rider page.
 * Anyone else holding the booking's link (`reader` link: signed out, or another account) edits a
 * rider's details but not the weight, which they do not read, and nothing more (decision 165):
 * saved through the questionnaires, which keep the weight. A booking that is over lists its riders
 * with no change offered, also once its time to pay has passed (the API still reads it as active).
 */
export function RiderEditor({
  booking,
  user,
}: {
  booking: BookingRequest;
  user: Traveller | undefined;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<number | undefined>();
  const [removing, setRemoving] = useState<Tourist | undefined>();
  const saving = useSend<BookingRequest | undefined>();
  // The booking as the last save left it, while its notice ("New total: …") still speaks of it.
  const [savedAs, setSavedAs] = useState<BookingState | undefined>();
  // The booking as this editor last read it. When it moves on to anything but what the save left
  // (the organizer cancels it, a payment, a price changed elsewhere), read live or on a refetch,
  // the notice goes: it is about a booking that is no more (React's "adjusting state when a prop
  // changes", during render, so the stale notice is never painted).
  const [seen, setSeen] = useState<BookingState>(() => stateOf(booking));
  if (!sameState(seen, stateOf(booking))) {
    setSeen(stateOf(booking));
    if (savedAs && !sameState(savedAs, stateOf(booking))) setSavedAs(undefined);
  }
  // A weight no horse is left for blocks the save (the API refuses it): said on the field.
  const [refused, setRefused] = useState<Record<string, string> | undefined>();
  // A rider two or more levels short is stopped once, kindly, as on the booking form.
  const levelStop = useLevelStop();
  const weightUnit = useWeightUnit();
  // Not the owner signed in (signed out, or another account): a friend holding the link, who sees
  // no weights. The owner's actions need the owner's session, which the API read as `traveller`.
  const friend = readsByLink(booking);
  const owner = user !== undefined && !friend;
  const closed = isOver(booking);
  // The API names the rider by their place in the list sent: the whole list, or the friend's one.
  const editedIndex = friend ? 0 : booking.tourists.findIndex((tourist) => tourist.id === editing);
  const problems = useMemo(
    () => riderProblems(saving.error, saving.failure, editedIndex),
    [saving.error, saving.failure, editedIndex],
  );
  // The API's flags, for a reader who may act: a friend edits, only the owner removes.
  const mayEdit = (tourist: Tourist) =>
    !closed && (owner || friend) && tourist.can_edit && tourist.id !== undefined;
  const mayRemove = (tourist: Tourist) =>
    !closed && owner && tourist.can_delete && tourist.id !== undefined;
  // Riders can change at all (an active booking whose tour is ahead): the owner adds riders too.
  const changeable = !closed && owner && booking.tourists.some((tourist) => tourist.can_edit);
  // Only while the date has room: a full date's add page could add nobody.
  const adding = changeable ? roomToAdd(booking) : undefined;

  const save = (tourists: TouristInput[]) =>
    saving.send(async () => {
      try {
        const updated = await updateTourists(api, booking.id, tourists);
        storeBooking(queryClient, api, updated);
        setSavedAs(stateOf(updated));
        setEditing(undefined);
        return updated;
      } catch (error) {
        // 409: the booking changed meanwhile (paid, cancelled, started): show it as it is now.
        if (isApiError(error) && error.status === 409) {
          await refetchBookings(queryClient);
        }
        throw error;
      } finally {
        setRemoving(undefined);
      }
    });

  // The friend's change of one rider: the booking is read again for the page.
  const fillIn = (tourist: TouristInput) =>
    saving.send(async () => {
      await fillQuestionnaires(api, booking, [tourist]);
      // Names, contacts and food do not move the booking: it stands as it did.
      setSavedAs(stateOf(booking));
      setEditing(undefined);
      await refetchBookings(queryClient);
      return undefined;
    });

  const saveEdit = (edited: Tourist, values: RiderValues) => {
    const rider = riderProfile(values, booking.tour_date?.start ?? '');
    const fit = riderFit(
      booking,
      edited,
      rider,
      weightUnit,
      values.first_name.trim() || edited.first_name,
    );
    const refusal = weightRefusal(fit);
    setRefused(refusal ? { weight: refusal } : undefined);
    if (refusal || levelStop.stops(fit, rider.level)) return;
    if (friend) return fillIn(toTouristInput(values, edited.id));
    return save(
      booking.tourists.map((tourist) =>
        tourist.id === edited.id ? toTouristInput(values, tourist.id) : unchangedTourist(tourist),
      ),
    );
  };
  const remove = (removed: Tourist) =>
    save(booking.tourists.filter((tourist) => tourist.id !== removed.id).map(unchangedTourist));
  const startEditing = (tourist: Tourist) => {
    saving.reset();
    setRefused(undefined);
    levelStop.reset();
    setEditing(tourist.id);
  };

  return (
    <div className="rider-editor">
      <ol className="booking-list rider-editor__list">
        {booking.tourists.map((tourist) => (
          <li key={tourist.id ?? tourist.full_name} className="rider-editor__rider">
            {editing !== undefined && editing === tourist.id ? (
              <Form<RiderValues>
                className="booking-form rider-editor__form"
                aria-label={`Edit ${tourist.full_name}`}
                defaultValues={riderValues(tourist)}
                onSubmit={(values) => saveEdit(tourist, values)}
                errors={refused ?? problems.fields}
              >
                <EditedRider
                  booking={booking}
                  tourist={tourist}
                  levelStop={levelStop}
                  withWeight={!friend}
                />
                <div className="booking-actions">
                  <Button type="submit" theme="primary" size="sm" disabled={saving.sending}>
                    {saving.sending ? 'Saving…' : 'Save rider'}
                  </Button>
                  <Button size="sm" theme="ghost" onClick={() => setEditing(undefined)}>
                    Cancel
                  </Button>
                </div>
              </Form>
            ) : (
              <>
                <RiderSummary tourist={tourist} />
                {(mayEdit(tourist) || mayRemove(tourist)) && (
                  <span className="rider-editor__actions">
                    {mayEdit(tourist) && (
                      <Button
                        size="sm"
                        theme="ghost"
                        aria-label={`Edit ${tourist.full_name}`}
                        onClick={() => startEditing(tourist)}
                      >
                        Edit
                      </Button>
                    )}
                    {mayRemove(tourist) && (
                      <Button
                        size="sm"
                        theme="ghost"
                        aria-label={`Remove ${tourist.full_name}`}
                        onClick={() => {
                          saving.reset();
                          setRemoving(tourist);
                        }}
                      >
                        Remove
                      </Button>
                    )}
                  </span>
                )}
              </>
            )}
          </li>
        ))}
      </ol>
      {problems.message && (
        <p className="booking-form__failure" role="alert">
          {problems.message}
        </p>
      )}
      {saving.done && savedAs && (
        <p className="booking-note" role="status">
          Riders saved. The organizer sees the change.
          {saving.done.result &&
            ` New total: ${formatPrice(saving.done.result.price, saving.done.result.currency)}`}
        </p>
      )}
      {adding && (
        <p className="booking-note">
          <Link
            to="/order/$id/add-tourists"
            params={{ id: String(booking.id) }}
            search={{ uuid: booking.uuid }}
          >
            {adding === 'rider' ? 'Add a rider' : 'Add someone who comes along without riding'}
          </Link>
        </p>
      )}
      <ConfirmModal
        isOpen={removing !== undefined}
        title={`Remove ${removing?.full_name ?? 'this rider'}?`}
        confirmLabel="Remove rider"
        cancelLabel="Keep"
        destructive
        loading={saving.sending}
        onConfirm={() => removing && void remove(removing)}
        onCancel={() => setRemoving(undefined)}
      >
        Their seat is released and the price is recalculated.
      </ConfirmModal>
    </div>
  );
}

/** What a rider change's notice depends on: the booking's state and its price. */
type BookingState = Pick<BookingRequest, 'status' | 'price'>;

const stateOf = ({ status, price }: BookingState): BookingState => ({ status, price });

const sameState = (a: BookingState, b: BookingState) =>
  a.status === b.status && a.price === b.price;

/**
 * How a saved rider, as edited, fits the booking's date: the heavier horse they hold now (their
 * saved weight needs one) is theirs to keep, so it counts as free for them.
 */
function riderFit(
  booking: BookingRequest,
  saved: Tourist,
  rider: ReturnType<typeof riderProfile>,
  weightUnit?: WeightUnit,
  riderName?: string,
) {
  const riding = booking.tour.riding;
  const free = booking.tour_date?.heavy_places_free;
  const holdsHeavyHorse =
    saved.weight !== null &&
    saved.weight !== undefined &&
    needsHeavyHorse(saved.weight, ridingRequirements(riding));
  return tourFit(rider, riding, {
    heavy:
      free === undefined ? undefined : { free: free + (holdsHeavyHorse ? 1 : 0), scope: 'date' },
    weightUnit,
    riderName,
  });
}

/**
 * The edited rider's fields, the passport fill buttons, their fit as they type and, when a save
 * stopped for their level, the stop with "Save anyway".
 */
function EditedRider({
  booking,
  tourist,
  levelStop,
  withWeight,
}: {
  booking: BookingRequest;
  tourist: Tourist;
  levelStop: SingleLevelStop;
  /** False for a reader by link: the weight is not theirs to read or change. */
  withWeight: boolean;
}) {
  const fields = useFormFields();
  const weightUnit = useWeightUnit();
  const {
    riders: [rider],
    refresh,
  } = useRiderProfiles([''], booking.tour_date?.start ?? '');
  // A companion who does not ride keeps no weight nor level: no passport, no fit (decision 118).
  if (tourist.rides === false) return <RiderFields rides={false} />;
  const firstName = String(fields.get('first_name') ?? '').trim() || tourist.first_name;
  const fit =
    rider && hasFitValues(rider)
      ? riderFit(booking, tourist, rider, weightUnit, firstName)
      : undefined;
  return (
    <div className="rider-fields__group" onChange={refresh}>
      {withWeight && <PassportFill onFilled={refresh} />}
      <RiderFields weight={withWeight} />
      {!withWeight && (
        <p className="booking-note">
          Weights are private: the person who booked sees and changes them.
        </p>
      )}
      <RiderFitNote
        fit={fit}
        stop={singleLevelStop(levelStop, {
          fit,
          who: firstName,
          riderLevel: rider?.level,
          tourLevel: booking.tour.riding.level,
          actionLabel: 'Save anyway',
        })}
      />
    </div>
  );
}
