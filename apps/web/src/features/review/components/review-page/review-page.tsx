import { Button, Field, Form, Rating, RatingIndicator } from '@gallop/ui-kit';
import { Link } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../../lib/api';
import { useSend } from '../../../../lib/use-send';
import { submitReview, type Review, type ReviewInvitation } from '../../api';
import './review-page.css';
import { TextareaField } from '../../../../components/form-fields/form-fields';

interface Values {
  rating: number | null;
  text: string;
}

/** `/review/{uuid}`: rate and describe a finished tour, once; afterwards, the review as sent. */
export function ReviewPage({ invitation }: { invitation: ReviewInvitation }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { sending, failure, send, done } = useSend<Review>();
  const { tour } = invitation;
  // Just sent, or sent before (the invitation says so).
  const review = done?.result ?? invitation.review;
  const submitted = review !== undefined;

  const submit = (values: Values) =>
    send(async () => {
      const sent = await submitReview(api, {
        uuid: invitation.uuid,
        rating: values.rating ?? 0,
        text: values.text.trim(),
      });
      queryClient.setQueryData(['review-invitation', invitation.uuid], {
        ...invitation,
        submitted: true,
        review: sent,
      });
      return sent;
    });

  return (
    <div className="page-container review-page">
      <section className="review-page__card" aria-labelledby="review-title">
        <h1 id="review-title" className="display-heading review-page__title">
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
            <p className="review-page__hint">
              Published as {review.author_name}. It helps other travellers choose their tour.
            </p>
          </div>
        ) : (
          <Form<Values>
            className="review-page__form"
            defaultValues={{ rating: null, text: '' }}
            onSubmit={submit}
          >
            <Field
              name="rating"
              label="Your rating"
              rules="required"
              render={(control) => (
                <Rating
                  label="Your rating"
                  value={typeof control.value === 'number' ? control.value : null}
                  onChange={(value) => control.onChange(value)}
                  isRequired
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
            {failure && (
              <p className="review-page__failure" role="alert">
                {failure}
              </p>
            )}
            <Button type="submit" theme="primary" disabled={sending}>
              {sending ? 'Publishing…' : 'Publish review'}
            </Button>
          </Form>
        )}
      </section>
    </div>
  );
}

/** The booking behind the link was cancelled: nothing to review. */
export function ReviewUnavailable() {
  return (
    <div className="page-container review-page">
      <section className="review-page__card">
        <h1 className="display-heading review-page__title">This booking was cancelled</h1>
        <p>
          Only tours that took place can be reviewed. Questions? Our support team is happy to help.
        </p>
        <Link to="/contacts">Contact support</Link>
      </section>
    </div>
  );
}
