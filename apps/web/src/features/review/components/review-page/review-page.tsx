import { isRiderLevel, LEVEL_LABELS, RIDER_LEVELS } from '@gallop/rider-fit';
import {
  Button,
  Field,
  Form,
  HORSE_CONDITION_LABELS,
  PhotoPreview,
  Rating,
  RatingIndicator,
  useFormFields,
  type RuleFunction,
} from '@gallop/ui-kit';
import { Link } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { SelectField, TextareaField } from '../../../../components/form-fields/form-fields';
import { formatContentDate } from '../../../../components/rich-text/content-date';
import { useApi } from '../../../../lib/api';
import { useRiderPassport } from '../../../../lib/rider-passport';
import { useSend } from '../../../../lib/use-send';
import {
  reviewInvitationQuery,
  submitReview,
  type Review,
  type ReviewInvitation,
  type ReviewNotYet,
} from '../../api';
import { ReviewPhotos, useReviewPhotos } from '../review-photos/review-photos';
import './review-page.css';

interface Values {
  rating: number | null;
  text: string;
  /** A rider level, or '' when not given. */
  riderLevel: string;
  /** YYYY-MM, or '' when not given. */
  rideMonth: string;
  horseCondition: number | null;
}

const LEVEL_OPTIONS = [
  { value: '', label: 'Not given' },
  ...RIDER_LEVELS.map((level) => ({ value: level, label: LEVEL_LABELS[level] })),
];

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** This month, YYYY-MM, in the traveller's time zone. */
function currentMonth(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
}

/**
 * The month they rode (decision 115): YYYY-MM (browsers without a month picker take it typed), not
 * in the future, nor before the booking's tour started.
 */
function rideMonthRule(earliest: string | null | undefined): RuleFunction {
  return (value) => {
    if (typeof value !== 'string' || value === '') return true;
    if (!MONTH.test(value)) return 'Enter the month as YYYY-MM, for example 2026-06';
    if (value > currentMonth()) return 'The month you rode cannot be in the future';
    if (earliest && value < earliest) return 'The month you rode cannot be before your booking';
    return true;
  };
}

/** The level of the traveller's rider passport, in the form while its field is still empty. */
function PassportLevel() {
  const { ready, passport } = useRiderPassport();
  const fields = useFormFields();
  const level = passport?.level;
  useEffect(() => {
    if (ready && level && fields.get('riderLevel') === '') fields.set('riderLevel', level);
    // Once, when the passport is known: the traveller's own choice is never replaced.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, level]);
  return null;
}

/**
 * `/review/{uuid}`: rate and describe a finished tour, with photos if the traveller likes, once;
 * afterwards, the review as sent.
 */
export function ReviewPage({ invitation }: { invitation: ReviewInvitation }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { sending, failure, send, done } = useSend<Review>();
  const photos = useReviewPhotos(api);
  const { tour } = invitation;
  // Just sent, or sent before (the invitation says so).
  const review = done?.result ?? invitation.review;
  const submitted = review !== undefined;
  // The form gives way to the shorter review as sent: on a phone the page shrinks under the
  // reader and focus falls back to the body. Bring the thank-you heading into view and focus it.
  const heading = useRef<HTMLHeadingElement>(null);
  const justSent = done !== undefined;
  useEffect(() => {
    const title = heading.current;
    if (!justSent || !title) return;
    // The card's top, heading first, just under the sticky header (`scroll-padding-top`).
    (title.closest('section') ?? title).scrollIntoView?.({ block: 'start' });
    title.focus({ preventScroll: true });
  }, [justSent]);

  const submit = (values: Values) =>
    send(async () => {
      const sent = await submitReview(api, {
        uuid: invitation.uuid,
        rating: values.rating ?? 0,
        text: values.text.trim(),
        ...(isRiderLevel(values.riderLevel) ? { rider_level: values.riderLevel } : {}),
        ...(values.rideMonth ? { ride_month: values.rideMonth } : {}),
        ...(values.horseCondition ? { horse_condition: values.horseCondition } : {}),
        ...(photos.photos.length > 0 ? { image_ids: photos.photos.map((photo) => photo.id) } : {}),
      });
      queryClient.setQueryData(reviewInvitationQuery(api, invitation.uuid).queryKey, {
        ...invitation,
        submitted: true,
        review: sent,
      });
      return sent;
    });

  return (
    <div className="page-container review-page">
      <section className="review-page__card" aria-labelledby="review-title">
        <h1
          ref={heading}
          id="review-title"
          className="display-heading review-page__title"
          tabIndex={-1}
        >
          {submitted ? 'Thank you for your review' : 'How was your ride?'}
        </h1>
        <p className="review-page__tour">
          <Link to="/$slug" params={{ slug: tour.slug }}>
            {tour.name}
          </Link>
        </p>
        {review ? (
          <div className="review-page__sent">
            <RatingIndicator value={review.rating} />
            <p>{review.text}</p>
            {typeof review.horse_condition === 'number' && (
              <p>Horse condition: {review.horse_condition} / 5</p>
            )}
            {(review.images?.length ?? 0) > 0 && (
              <PhotoPreview
                photos={(review.images ?? []).map(({ image, alt }) => ({ image, alt: alt ?? '' }))}
              />
            )}
            <p className="review-page__hint">
              Published as {review.author_name.replace(/\.$/, '')}. It helps other travellers choose
              their tour.
            </p>
          </div>
        ) : (
          <Form<Values>
            className="review-page__form"
            defaultValues={{
              rating: null,
              text: '',
              riderLevel: '',
              rideMonth: invitation.ride_month ?? '',
              horseCondition: null,
            }}
            onSubmit={submit}
          >
            <PassportLevel />
            {/* The stars carry their own visible label: a Field label would show it twice. */}
            <Field
              name="rating"
              rules="required"
              render={(control) => (
                <Rating
                  label="Your rating"
                  value={typeof control.value === 'number' ? control.value : null}
                  onChange={(value) => control.onChange(value)}
                  isRequired
                  aria-describedby={control['aria-describedby']}
                  // The first field: an empty send focuses its first star, not the text below.
                  ref={(group: HTMLDivElement | null) =>
                    control.ref(group?.querySelector<HTMLElement>('input[type="radio"]') ?? null)
                  }
                />
              )}
            />
            <TextareaField
              name="text"
              label="Your review"
              rules="required|max:5000"
              rows={6}
              placeholder="The horses, the guide, the route, the food…"
            />
            <div className="review-page__ride">
              <SelectField
                name="riderLevel"
                label="Your rider level (optional)"
                hint="Helps riders like you find your review."
                options={LEVEL_OPTIONS}
              />
              <Field
                name="rideMonth"
                label="Month you rode"
                type="month"
                placeholder="YYYY-MM"
                rules={[rideMonthRule(invitation.ride_month)]}
              />
            </div>
            <Field
              name="horseCondition"
              render={(control) => (
                <Rating
                  label="Horse condition (optional)"
                  labels={HORSE_CONDITION_LABELS}
                  value={typeof control.value === 'number' ? control.value : null}
                  onChange={(value) => control.onChange(value)}
                />
              )}
            />
            <ReviewPhotos state={photos} />
            {failure && (
              <p className="review-page__failure" role="alert">
                {failure}
              </p>
            )}
            <Button type="submit" theme="primary" disabled={sending || photos.uploading > 0}>
              {sending ? 'Publishing…' : 'Publish review'}
            </Button>
          </Form>
        )}
      </section>
    </div>
  );
}

/**
 * The booking behind the link cannot be reviewed (cancelled, never paid, or booked by the
 * organizer's own staff): `reason` is the API's, which says which.
 */
export function ReviewUnavailable({ reason }: { reason: string }) {
  return (
    <div className="page-container review-page">
      <section className="review-page__card">
        <h1 className="display-heading review-page__title">This tour cannot be reviewed here</h1>
        <p>{reason}. Questions? Our support team is happy to help.</p>
        <Link to="/contacts">Contact support</Link>
      </section>
    </div>
  );
}

/**
 * The link opened before the tour has ended (the API's 409): when reviewing opens, and the way
 * back to the booking, whose page opens by the same link key.
 */
export function ReviewNotYetNotice({
  uuid,
  notYet,
}: {
  uuid: string;
  notYet: ReviewNotYet | undefined;
}) {
  return (
    <div className="page-container review-page">
      <section className="review-page__card" aria-labelledby="review-not-yet-title">
        <h1 id="review-not-yet-title" className="display-heading review-page__title">
          Your ride is still ahead
        </h1>
        <p>
          {notYet?.ends_on
            ? `You can review this tour after it ends on ${formatContentDate(notYet.ends_on)}.`
            : 'You can review this tour once it has ended.'}{' '}
          We will e-mail you the link then.
        </p>
        <Link to="/booking/uuid/$uuid" params={{ uuid }}>
          Open your booking
        </Link>
      </section>
    </div>
  );
}
