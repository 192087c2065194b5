import { isApiError } from '@gallop/api-client';
import { formatPrice } from '@gallop/currency';
import type { RiderLevel } from '@gallop/rider-fit';
import {
  Button,
  CancellationPolicy,
  countText,
  Field,
  Form,
  TermsCheckbox,
  useFormFields,
} from '@gallop/ui-kit';
import { useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useApi } from '../../../../lib/api';
import { DateGroupMeter } from '../../../../lib/date-group-meter';
import { DateSeasonMark } from '../../../../lib/date-season-mark';
import { useDateSeason } from '../../../../lib/tour-climate';
import { formProblems } from '../../../../lib/form-problems';
import { useConsentPages } from '../../../../lib/legal-pages';
import { datesWithHorseFor, ridersFit, weightRefusal } from '../../../../lib/rider-fit';
import { useSend } from '../../../../lib/use-send';
import { useWeightUnit } from '../../../../lib/weight-unit';
import {
  formatDateChoice,
  formatDateRange,
  formatFreeSeats,
  formatPrepayment,
  formatVariant,
  isBookable,
  todayIso,
  type TourDate,
} from '../../../../lib/tour-format';
import { quoteBooking } from '../../../../lib/booking-quote';
import {
  createBooking,
  tourForRequestQuery,
  type BookingInput,
  type Tour,
  type Traveller,
} from '../../api';
import { rememberContactEmail } from '../../contact-email';
import { useRefundDeadlinesText } from '../../refund-deadlines';
import { useSubmissions } from '../../../../lib/idempotency';
import { BookingSummary, SummaryLine } from '../booking-summary/booking-summary';
import { PassportFill } from '../passport-fill';
import { levelShort, RiderFitNote } from '../rider-fit-note';
import {
  ageRefusal,
  emptyRider,
  hasFitValues,
  RIDER_FIELDS,
  RiderFields,
  riderProfile,
  splitName,
  toTouristInput,
  useRiderProfiles,
  type RiderValues,
} from '../rider-fields';
import { PhoneField, TextareaField } from '../../../../components/form-fields/form-fields';

/** The date a booking names: a catalogue date, or the individual offer it is (decision 181). */
const bookedDate = (date: TourDate) =>
  date.individual_tour_uuid
    ? { individual_tour_uuid: date.individual_tour_uuid }
    : { tour_date_id: date.id };

/**
 * Why the date a link asked for (`?date=`) is not chosen: it filled up, the organizer closed it,
 * or it is no longer among the tour's dates. Undefined when none was asked or it can be booked.
 */
function askedDateProblem(
  dates: readonly TourDate[],
  dateId: number | undefined,
): string | undefined {
  if (dateId === undefined) return undefined;
  const asked = dates.find((date) => date.id === dateId);
  if (!asked) return 'The date you chose is no longer offered: choose another date.';
  if (isBookable(asked)) return undefined;
  const why = asked.is_busy ? 'not taking bookings' : 'sold out';
  return `The date you chose (${formatDateChoice(asked)}) is ${why}: choose another date.`;
}

/** At most this many riders in one request; a larger group talks to the organizer. */
const MAX_TOURISTS = 12;

/** Every rider field of the form, where a 422's details show (`tourists.1.weight`). */
const RIDER_FORM_FIELDS = Array.from({ length: MAX_TOURISTS }, (_, index) =>
  RIDER_FIELDS.map((field) => `tourists.${index}.${field}`),
).flat();

/** Companions who come along without riding, at most, in one request (decision 118). */
const MAX_NON_RIDERS = 6;

/** How the form names rider `index` (their fit, their stop): the first name typed, or "Rider 2". */
const riderName = (firstName: string, index: number) => firstName.trim() || `Rider ${index + 1}`;

/** The riders a press of send stopped for their level, and the one whose stop takes the focus. */
interface LevelStops {
  riders: number[];
  focus: number;
  /** Counts the presses that stopped: each moves the focus to the stop again. */
  press: number;
}

interface Values {
  contact_name: string;
  contact_email: string;
  contact_phone: string;
  comment: string;
  tourists: RiderValues[];
  /** Companions who come along without riding: the same details, no weight nor level. */
  companions: RiderValues[];
  terms: boolean;
}

const ORGANIZER_CANCELS =
  'A cancellation by the organizer or by Gallop gives back everything you paid.';

/**
 * `/booking/new?tour=&date=`: the booking request form. A guest books with their contact (an
 * account is opened for it); a signed-in traveller's details are filled in.
 */
export function BookingFormPage({
  tour,
  dateId,
  user,
}: {
  tour: Tour;
  dateId?: number | undefined;
  user: Traveller | undefined;
}) {
  const api = useApi();
  const navigate = useNavigate();
  const consentPages = useConsentPages();
  const bookable = tour.dates.filter(isBookable);
  // A link's date that cannot be booked (an old link to a date now full) is not swapped for
  // another silently, at another price: the form says why and the traveller chooses.
  const askedProblem = askedDateProblem(tour.dates, dateId);
  const problemId = useId();
  const [selectedId, setSelectedId] = useState<number | undefined>(
    dateId === undefined ? bookable[0]?.id : bookable.find((date) => date.id === dateId)?.id,
  );
  const date: TourDate | undefined = bookable.find((d) => d.id === selectedId);
  // The policy's days for the date chosen, accepted with the terms (decision 208).
  const refundDays = useRefundDeadlinesText(
    tour.cancellation_policy?.tiers,
    date?.start,
    todayIso(),
  );
  // The season check (decision 117): a date in a poor month for riding says why.
  const season = useDateSeason(tour);
  const maxTourists = Math.min(MAX_TOURISTS, date?.number_of_free_seats ?? MAX_TOURISTS);
  const [count, setCount] = useState(1);
  const tourists = Math.min(count, Math.max(1, maxTourists));
  // Non-riders only where the tour welcomes them and the chosen date prices them.
  const nonRiderPrice = tour.riding.non_riders_welcome
    ? (date?.non_rider_price ?? undefined)
    : undefined;
  const maxCompanions =
    nonRiderPrice === undefined ? 0 : Math.min(MAX_NON_RIDERS, date?.non_rider_places_free ?? 0);
  const [companionCount, setCompanionCount] = useState(0);
  const companions = Math.min(companionCount, maxCompanions);
  const party = {
    riders: tourists,
    nonRiders: { count: companions, price: nonRiderPrice ?? 0 },
  };
  const { sending, failure, error, send } = useSend<void>();
  const queryClient = useQueryClient();
  const weightUnit = useWeightUnit();
  // A rider the weight or the riding ages rule out on the date, or a companion under the tour's
  // minimum age, blocks the request (the API refuses it anyway): the reason shows on their weight
  // or birthday field.
  const [refused, setRefused] = useState<Record<string, string> | undefined>();
  // A rider two or more levels short is stopped once, kindly: they may book anyway (the level
  // they accepted, per rider). Hours and tack (a stretch at most, shown in the rider's fit) are
  // the rider's own call.
  const [levelStops, setLevelStops] = useState<LevelStops | undefined>();
  const acceptedLevels = useRef<Record<number, RiderLevel>>({});
  const problems = useMemo(() => formProblems(error, failure, RIDER_FORM_FIELDS), [error, failure]);

  // One idempotency key per submission: pressing the button again after a network failure or a
  // server error, without changing anything, retries the same booking instead of making another.
  const submissions = useSubmissions();

  const submit = (values: Values) => {
    const riderValues = values.tourists.slice(0, tourists);
    const riders = riderValues.map((rider) => riderProfile(rider, date?.start ?? ''));
    const fits = ridersFit(
      riders,
      tour.riding,
      date?.heavy_places_free,
      weightUnit,
      riderValues.map((rider, index) => riderName(rider.first_name, index)),
    );
    // Every refusal at once, in the form's order (the first one's field takes the focus).
    const refusals: Record<string, string> = {};
    const ages = { ...tour.riding, min_age: tour.min_age };
    riderValues.forEach((rider, index) => {
      const age = date && ageRefusal(rider.birthday, date.start, ages);
      if (age) refusals[`tourists.${index}.birthday`] = age;
      const weight = fits[index] && weightRefusal(fits[index]);
      if (weight) refusals[`tourists.${index}.weight`] = weight;
    });
    // Companions meet the tour's minimum age too, in words of their own (decision 154).
    values.companions.slice(0, companions).forEach((companion, index) => {
      const age = date && ageRefusal(companion.birthday, date.start, ages, false);
      if (age) refusals[`companions.${index}.birthday`] = age;
    });
    if (Object.keys(refusals).length > 0) {
      setRefused(refusals);
      return;
    }
    setRefused(undefined);
    const short = fits.flatMap((fit, index) => (levelShort(fit) ? [index] : []));
    const waiting = short.find((index) => acceptedLevels.current[index] !== riders[index]?.level);
    if (waiting !== undefined) {
      setLevelStops((shown) => ({ riders: short, focus: waiting, press: (shown?.press ?? 0) + 1 }));
      return;
    }
    return send(async () => {
      const input: BookingInput = {
        tour_id: tour.id,
        // Booked in the currency its prices show here, even when the site's currency changed
        // meanwhile in another tab: the API prices by this over `X-Currency` (decision 160).
        ...(date ? { ...bookedDate(date), currency: date.currency } : {}),
        tourists: [
          ...values.tourists.slice(0, tourists).map((rider) => toTouristInput(rider)),
          ...values.companions
            .slice(0, companions)
            .map((companion) => ({ ...toTouristInput(companion), rides: false })),
        ],
        contact: {
          name: values.contact_name.trim(),
          email: values.contact_email.trim(),
          phone: values.contact_phone,
        },
        ...(values.comment.trim() ? { comment: values.comment.trim() } : {}),
      };
      const booking = await submissions
        .send(input, (key) => createBooking(api, input, key))
        .catch(async (caught: unknown) => {
          // Seats or heavier horses may have gone meanwhile: the form counts on fresh numbers.
          if (isApiError(caught) && caught.status === 422) {
            await queryClient.invalidateQueries({
              queryKey: tourForRequestQuery(api, tour.id).queryKey,
            });
          }
          throw caught;
        });
      if (user) {
        await navigate({ to: '/booking/$id', params: { id: String(booking.id) } });
        return;
      }
      // The booking's page asks the guest to prove this address with a one-time code.
      rememberContactEmail(booking.uuid, input.contact.email);
      await navigate({ to: '/booking/uuid/$uuid', params: { uuid: booking.uuid } });
    });
  };

  if (bookable.length === 0) {
    return (
      <div className="page-container booking-layout">
        <section>
          <h1 className="display-heading booking-title">{tour.name}</h1>
          <p className="booking-lead">
            Every upcoming date of this tour is fully booked. Save it to your favourites or ask the
            organizer about new dates.
          </p>
        </section>
        <BookingSummary tour={tour} />
      </div>
    );
  }

  const name = [user?.first_name, user?.last_name].filter(Boolean).join(' ');
  return (
    <div className="page-container booking-layout">
      <section aria-labelledby="booking-form-title">
        <h1 id="booking-form-title" className="display-heading booking-title">
          Request booking
        </h1>
        <p className="booking-lead">
          Choose a date and tell us who is riding. Guaranteed dates are confirmed at once; you pay
          only after confirmation.
        </p>
        <Form<Values>
          className="booking-form"
          defaultValues={{
            contact_name: name,
            contact_email: user?.email ?? '',
            contact_phone: user?.phone ?? '',
            comment: '',
            tourists: Array.from({ length: MAX_TOURISTS }, emptyRider),
            companions: Array.from({ length: MAX_NON_RIDERS }, emptyRider),
            terms: false,
          }}
          onSubmit={submit}
          errors={refused ?? problems.fields}
        >
          <fieldset
            className="booking-section"
            aria-describedby={askedProblem ? problemId : undefined}
          >
            <legend className="booking-section__title">Date</legend>
            {askedProblem && (
              <p id={problemId} className="booking-notice booking-notice__text">
                {askedProblem}
              </p>
            )}
            <div className="booking-dates">
              {bookable.map((option) => (
                <label key={option.id} className="booking-date">
                  <input
                    type="radio"
                    name="tour_date"
                    value={option.id}
                    checked={option.id === selectedId}
                    onChange={() => setSelectedId(option.id)}
                  />
                  <span className="booking-date__when">
                    {formatDateRange(option.start, option.end)}
                    {formatVariant(option) && (
                      <span className="booking-date__variant">{formatVariant(option)}</span>
                    )}
                    <span className="booking-date__seats">
                      {formatFreeSeats(option)}
                      {option.not_guaranteed
                        ? ' · confirmed by the organizer'
                        : ' · instant confirmation'}
                    </span>
                    <DateSeasonMark
                      verdict={season.seasonOf(option)}
                      system={season.system}
                      className="booking-date__season"
                    />
                    <DateGroupMeter date={option} className="booking-date__group" />
                  </span>
                  <strong>{formatPrice(option.price, option.currency)}</strong>
                </label>
              ))}
            </div>
          </fieldset>

          <fieldset className="booking-section">
            <legend className="booking-section__title">Contact</legend>
            <Field
              name="contact_name"
              label="Full name"
              autoComplete="name"
              rules="required|max:200"
            />
            <div className="booking-form__row">
              <Field
                name="contact_email"
                label="E-mail"
                type="email"
                autoComplete="email"
                rules="required|email|max:254"
              />
              <PhoneField name="contact_phone" label="Phone" rules="required|phone" />
            </div>
          </fieldset>

          <Riders
            tour={tour}
            date={date}
            dates={bookable}
            count={tourists}
            user={user}
            onRemove={() => setCount(tourists - 1)}
            onAdd={tourists < maxTourists ? () => setCount(tourists + 1) : undefined}
            onChooseDate={setSelectedId}
            levelStops={levelStops}
            onBookAnyway={(index, level) => {
              acceptedLevels.current[index] = level;
            }}
          />

          {nonRiderPrice !== undefined && date && (
            <Companions
              count={companions}
              price={formatPrice(nonRiderPrice, date.currency)}
              free={maxCompanions}
              onRemove={() => setCompanionCount(companions - 1)}
              onAdd={
                companions < maxCompanions ? () => setCompanionCount(companions + 1) : undefined
              }
            />
          )}

          <TextareaField
            name="comment"
            label="Comment for the organizer (optional)"
            rules="max:5000"
            rows={3}
          />
          {tour.cancellation_policy && (
            <CancellationPolicy
              className="booking-form__policy"
              title={tour.cancellation_policy.title}
              lines={tour.cancellation_policy.lines}
              footer={
                refundDays ? (
                  <>
                    {refundDays}
                    <br />
                    {ORGANIZER_CANCELS}
                  </>
                ) : (
                  ORGANIZER_CANCELS
                )
              }
            />
          )}
          <TermsCheckbox
            name="terms"
            {...consentPages}
            also={tour.cancellation_policy ? 'cancellation policy above' : undefined}
          />
          {problems.message && (
            <p className="booking-form__failure" role="alert">
              {problems.message}
            </p>
          )}
          <Button type="submit" theme="primary" size="lg" disabled={sending || !date}>
            {sending ? 'Sending your request…' : 'Send booking request'}
          </Button>
        </Form>
      </section>
      <BookingSummary tour={tour} date={date}>
        {date && (
          <dl className="booking-summary__lines">
            <SummaryLine
              label={`${formatPrice(date.price, date.currency)} × ${countText('{count} rider(s)', tourists)}`}
              value={formatPrice(date.price * tourists, date.currency)}
            />
            {nonRiderPrice !== undefined && companions > 0 && (
              <SummaryLine
                label={`${formatPrice(nonRiderPrice, date.currency)} × ${countText('{count} non-rider(s)', companions)}`}
                value={formatPrice(nonRiderPrice * companions, date.currency)}
              />
            )}
            <SummaryLine
              label="Total"
              value={formatPrice(quoteBooking(date, party, todayIso()).price, date.currency)}
              strong
            />
          </dl>
        )}
        {/* What the booking will ask first, for everyone it books: as the API quotes it. */}
        {date && <p className="booking-note">{formatPrepayment(date, todayIso(), party)}</p>}
      </BookingSummary>
    </div>
  );
}

/**
 * The riders, each with their fields, "fill" buttons and how they fit the tour on the chosen
 * date as they type (level, weight, birth date): a rider who needs a heavier horse counts on the
 * date's free ones left after the riders above take theirs. The form's values are read as they
 * change (any input in the riders, a fill button, a new date).
 */
function Riders({
  tour,
  date,
  dates,
  count,
  user,
  onRemove,
  onAdd,
  onChooseDate,
  levelStops,
  onBookAnyway,
}: {
  tour: Tour;
  date: TourDate | undefined;
  /** The bookable dates, to offer others. */
  dates: readonly TourDate[];
  count: number;
  user: Traveller | undefined;
  onRemove: () => void;
  onAdd: (() => void) | undefined;
  onChooseDate: (dateId: number) => void;
  /** The riders the last press of send stopped for their level. */
  levelStops: LevelStops | undefined;
  /** "Book anyway" for rider `index` at `level` (it then submits the form). */
  onBookAnyway: (index: number, level: RiderLevel) => void;
}) {
  const fields = useFormFields();
  const titleId = useId();
  const weightUnit = useWeightUnit();
  const { riders, refresh } = useRiderProfiles(
    Array.from({ length: count }, (_, index) => `tourists.${index}.`),
    date?.start ?? '',
  );
  const names = riders.map((_, index) =>
    riderName(String(fields.get(`tourists.${index}.first_name`) ?? ''), index),
  );
  const fits = ridersFit(riders, tour.riding, date?.heavy_places_free, weightUnit, names);

  // A weight or age refused on the previous date is checked again on the new one (its error goes).
  const shownDate = useRef(date?.id);
  useEffect(() => {
    if (shownDate.current === date?.id) return;
    shownDate.current = date?.id;
    for (let index = 0; index < count; index += 1) {
      for (const field of ['weight', 'birthday']) {
        const name = `tourists.${index}.${field}`;
        fields.set(name, fields.get(name));
      }
    }
  }, [date?.id, count, fields]);

  // An added rider's heading takes the focus: the button may be gone (the last seat), and a
  // keyboard or screen-reader user lands on the fields they asked for (WCAG 2.4.3).
  const focusAdded = useRef(false);
  useEffect(() => {
    if (!focusAdded.current) return;
    focusAdded.current = false;
    document.getElementById(`${titleId}-${count - 1}`)?.focus();
  }, [count, titleId]);

  return (
    <fieldset className="booking-section" onChange={refresh}>
      <legend className="booking-section__title">Riders</legend>
      {riders.map((rider, index) => {
        const fit = hasFitValues(rider) ? fits[index] : undefined;
        const weightRuledOut = fit !== undefined && weightRefusal(fit) !== undefined;
        const riderLevel = rider.level;
        const stopped =
          riderLevel !== undefined &&
          levelShort(fit) &&
          levelStops !== undefined &&
          levelStops.riders.includes(index);
        return (
          <div
            key={index}
            className="booking-tourist"
            role="group"
            aria-labelledby={`${titleId}-${index}`}
          >
            <div className="booking-tourist__head">
              <h3 id={`${titleId}-${index}`} className="booking-tourist__title" tabIndex={-1}>
                Rider {index + 1}
              </h3>
              {index === count - 1 && index > 0 && (
                <Button size="sm" theme="ghost" onClick={onRemove}>
                  Remove
                </Button>
              )}
            </div>
            <div className="rider-fields__group">
              {index === 0 && <FillWithMyDetails user={user} />}
              <PassportFill prefix={`tourists.${index}.`} onFilled={refresh} />
              <RiderFields prefix={`tourists.${index}.`} self={index === 0} />
              <RiderFitNote
                fit={fit}
                otherDates={
                  weightRuledOut
                    ? datesWithHorseFor(riders, index, tour.riding, dates, { except: date?.id })
                    : []
                }
                onChooseDate={onChooseDate}
                stop={
                  stopped
                    ? {
                        who: names[index]!,
                        riderLevel,
                        tourLevel: tour.riding.level,
                        focusKey: levelStops.focus === index ? levelStops.press : undefined,
                        onBookAnyway: () => onBookAnyway(index, riderLevel),
                      }
                    : undefined
                }
              />
            </div>
          </div>
        );
      })}
      {onAdd && (
        <div className="booking-actions">
          <Button
            theme="ghost"
            onClick={() => {
              focusAdded.current = true;
              onAdd();
            }}
          >
            Add a rider
          </Button>
        </div>
      )}
    </fieldset>
  );
}

/**
 * Companions who come along without riding (decision 118): the same details as a rider, without
 * weight, level or passport (they take a bed, not a horse), at the date's non-rider price.
 */
function Companions({
  count,
  price,
  free,
  onRemove,
  onAdd,
}: {
  count: number;
  /** One non-rider's price, formatted. */
  price: string;
  /** Non-rider places left on the date (capped by the form's limit). */
  free: number;
  onRemove: () => void;
  onAdd: (() => void) | undefined;
}) {
  const titleId = useId();
  return (
    <fieldset className="booking-section">
      <legend className="booking-section__title">Comes along without riding</legend>
      <p className="booking-note booking-companions__note">
        {free > 0
          ? `Companions who do not ride stay with the group for ${price} each; they take a bed, not a horse.`
          : 'No places for companions who do not ride are left on this date.'}
      </p>
      {Array.from({ length: count }, (_, index) => (
        <div
          key={index}
          className="booking-tourist"
          role="group"
          aria-labelledby={`${titleId}-${index}`}
        >
          <div className="booking-tourist__head">
            <h3 id={`${titleId}-${index}`} className="booking-tourist__title">
              Non-rider {index + 1}
            </h3>
            {index === count - 1 && (
              <Button size="sm" theme="ghost" onClick={onRemove}>
                Remove
              </Button>
            )}
          </div>
          <div className="rider-fields__group">
            <RiderFields prefix={`companions.${index}.`} rides={false} />
          </div>
        </div>
      ))}
      {onAdd && (
        <div className="booking-actions">
          <Button theme="ghost" onClick={onAdd}>
            Add someone who comes along without riding
          </Button>
        </div>
      )}
    </fieldset>
  );
}

/**
 * "I am riding": copies the contact's name, e-mail and phone into the first rider. A signed-in
 * traveller's own first and last name are used while the contact name is still theirs.
 */
function FillWithMyDetails({ user }: { user: Traveller | undefined }) {
  const fields = useFormFields();
  const fill = () => {
    const contactName = String(fields.get('contact_name') ?? '').trim();
    const ownName = [user?.first_name, user?.last_name].filter(Boolean).join(' ');
    const name =
      user && contactName === ownName
        ? { first: user.first_name ?? '', last: user.last_name ?? '' }
        : splitName(contactName);
    const copied: Record<string, string> = {
      first_name: name.first,
      last_name: name.last,
      email: String(fields.get('contact_email') ?? '').trim(),
      phone: String(fields.get('contact_phone') ?? ''),
    };
    for (const [field, value] of Object.entries(copied)) {
      if (value) fields.set(`tourists.0.${field}`, value);
    }
  };
  return (
    <div className="booking-actions">
      <Button size="sm" theme="ghost" onClick={fill}>
        I am riding: fill with my details
      </Button>
    </div>
  );
}
