import {
  Button,
  CancellationPolicy,
  Counter,
  countText,
  Field,
  Form,
  imageUrl,
  PhoneInput,
  TermsCheckbox,
} from '@gallop/ui-kit';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useId, useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { euros } from './euros';
import { TOUR_PICTURES } from './scenery';
import './booking-form.css';

const TOUR = {
  name: 'Gobi crossing on Mongolian horses',
  dates: '12–19 June 2027',
  days: 8,
  /** Per rider, in euros. */
  price: 1240,
  placesLeft: 4,
  picture: TOUR_PICTURES.gobi,
  policy: {
    title: 'Moderate',
    lines: [
      '30 days or more before the start: 100% of what you paid back',
      '14–29 days before the start: 50% of what you paid back',
      'Less than 14 days before the start: no refund',
    ],
  },
} as const;

interface RiderName {
  first_name: string;
  last_name: string;
}

interface BookingValues {
  riders: RiderName[];
  contact_email: string;
  contact_phone: string;
  terms: boolean;
}

const TERMS_REQUIRED =
  'Please accept the terms of use, the privacy policy and the cancellation policy';

/** Every place has its fields from the start; the riders shown are the first `riders` of them. */
const DEFAULT_VALUES: BookingValues = {
  riders: Array.from({ length: TOUR.placesLeft }, () => ({ first_name: '', last_name: '' })),
  contact_email: '',
  contact_phone: '',
  terms: false,
};

interface BookingFormProps {
  /** Called with the riders shown and the contact, once every field passes its rules. */
  onSubmit: (values: BookingValues) => void;
}

function BookingForm({ onSubmit }: BookingFormProps) {
  const [riders, setRiders] = useState(1);
  const titleId = useId();
  return (
    <div className="pattern-booking">
      <section aria-labelledby={titleId}>
        <h2 id={titleId} className="pattern-booking__title">
          Request booking
        </h2>
        <p className="pattern-booking__lead">
          Tell us who is riding. Guaranteed dates are confirmed at once; you pay only after
          confirmation.
        </p>
        <Form<BookingValues>
          className="pattern-booking__form"
          defaultValues={DEFAULT_VALUES}
          onSubmit={(values) => onSubmit({ ...values, riders: values.riders.slice(0, riders) })}
        >
          <fieldset className="pattern-booking__section">
            <legend className="pattern-booking__legend">Who is riding</legend>
            <Counter
              label="Riders"
              value={riders}
              min={1}
              max={TOUR.placesLeft}
              onChange={setRiders}
            />
            <p className="pattern-booking__places">
              {countText('{count} place(s)', TOUR.placesLeft)} left on {TOUR.dates}
            </p>
            {Array.from({ length: riders }, (_, index) => (
              <RiderFields key={index} index={index} />
            ))}
          </fieldset>

          <fieldset className="pattern-booking__section">
            <legend className="pattern-booking__legend">Contact</legend>
            <div className="pattern-booking__row">
              <Field
                name="contact_email"
                label="E-mail"
                type="email"
                autoComplete="email"
                rules="required|email|max:254"
              />
              <Field
                name="contact_phone"
                label="Phone"
                rules="required|phone"
                hint="The organizer calls it if plans change on the day."
                render={(control) => (
                  <PhoneInput
                    id={control.id}
                    name={control.name}
                    value={String(control.value ?? '')}
                    onChange={(phone) => control.onChange(phone)}
                    onBlur={() => control.onBlur()}
                    inputRef={control.ref}
                    defaultCountry="GB"
                    validate={false}
                    aria-invalid={control['aria-invalid']}
                    aria-describedby={control['aria-describedby']}
                  />
                )}
              />
            </div>
          </fieldset>

          <CancellationPolicy
            title={TOUR.policy.title}
            lines={TOUR.policy.lines}
            footer="A cancellation by the organizer or by Gallop gives back everything you paid."
          />
          <TermsCheckbox
            name="terms"
            termsUrl="/agreement"
            privacyUrl="/privacy"
            also=", and the cancellation policy above"
            texts={{ required: TERMS_REQUIRED }}
          />
          <div className="pattern-booking__submit">
            <Button type="submit" theme="primary" size="lg" block>
              Send booking request
            </Button>
            <p className="pattern-booking__note">Nothing is charged now.</p>
          </div>
        </Form>
      </section>
      <BookingSummary riders={riders} />
    </div>
  );
}

/** One rider's name, in a group named "Rider 2" so its "First name" is told apart. */
function RiderFields({ index }: { index: number }) {
  const titleId = useId();
  const prefix = `riders.${index}.`;
  return (
    <div className="pattern-booking__rider" role="group" aria-labelledby={titleId}>
      <h3 id={titleId} className="pattern-booking__rider-title">
        Rider {index + 1}
      </h3>
      <div className="pattern-booking__row">
        <Field
          name={`${prefix}first_name`}
          label="First name"
          rules="required|max:100"
          autoComplete={index === 0 ? 'given-name' : 'off'}
        />
        <Field
          name={`${prefix}last_name`}
          label="Last name"
          rules="required|max:100"
          autoComplete={index === 0 ? 'family-name' : 'off'}
        />
      </div>
    </div>
  );
}

function BookingSummary({ riders }: { riders: number }) {
  const total = euros.format(TOUR.price * riders);
  return (
    <aside className="pattern-booking__summary pattern-summary" aria-label="Your booking">
      <img
        className="pattern-summary__image"
        src={imageUrl(TOUR.picture.image, '680x383')}
        width={340}
        height={191}
        alt={TOUR.picture.alt ?? ''}
      />
      <div className="pattern-summary__body">
        <h2 className="pattern-summary__name">{TOUR.name}</h2>
        <p className="pattern-summary__when">
          {TOUR.dates} · {countText('{count} day(s)', TOUR.days)} · Mongolia
        </p>
        <dl className="pattern-summary__lines">
          <div className="pattern-summary__line">
            <dt>
              {euros.format(TOUR.price)} × {countText('{count} rider(s)', riders)}
            </dt>
            <dd>{total}</dd>
          </div>
          <div className="pattern-summary__line pattern-summary__line--total">
            <dt>Total</dt>
            <dd>{total}</dd>
          </div>
        </dl>
      </div>
    </aside>
  );
}

const meta = {
  title: 'Patterns/Booking form',
  component: BookingForm,
  tags: ['autodocs'],
  parameters: {
    layout: 'padded',
    docs: {
      description: {
        component: `The booking request for one date of a tour: how many ride and their names,
a contact e-mail and phone, the tour's cancellation policy and the terms, beside a summary of the
price. On phones the summary follows the form.

Built from \`Form\` and \`Field\` (every rule and message comes from the kit), \`Counter\` for
the riders (bounded by the places left), \`PhoneInput\` inside a \`Field\` through its \`render\`
prop, \`CancellationPolicy\`, \`TermsCheckbox\` (with the policy accepted by the same tick) and a
\`primary\` \`Button\`; the summary uses \`imageUrl\` and \`countText\`. Sections and the summary
are plain markup on the kit's tokens.`,
      },
    },
  },
  args: { onSubmit: fn() },
} satisfies Meta<typeof BookingForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Sending it empty blocks the request: each field shows the spec's "Required field", the terms
 * their own message, and focus goes to the first rider's first name.
 */
export const EmptySubmit: Story = {
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Send booking request' }));
    // Rider 1's two names, the e-mail and the phone.
    await waitFor(() => expect(canvas.getAllByText('Required field')).toHaveLength(4));
    await expect(canvas.getByText(TERMS_REQUIRED)).toBeVisible();
    const firstRider = within(canvas.getByRole('group', { name: 'Rider 1' }));
    const firstName = firstRider.getByLabelText('First name');
    await expect(firstName).toHaveFocus();
    await expect(firstName).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Two riders: the counter adds the second rider's fields and the total doubles; all sent. */
export const TwoRiders: Story = {
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Increase Riders' }));
    const summary = within(canvas.getByRole('complementary', { name: 'Your booking' }));
    await expect(summary.getByText('€1,240 × 2 riders')).toBeVisible();
    await expect(summary.getByText('Total').nextElementSibling).toHaveTextContent('€2,480');

    const names = [
      ['Rider 1', 'Eleanor', 'Whitfield'],
      ['Rider 2', 'Tom', 'Whitfield'],
    ] as const;
    for (const [group, first, last] of names) {
      const rider = within(canvas.getByRole('group', { name: group }));
      await userEvent.type(rider.getByLabelText('First name'), first);
      await userEvent.type(rider.getByLabelText('Last name'), last);
    }
    await userEvent.type(canvas.getByLabelText('E-mail'), 'eleanor.whitfield@example.co.uk');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Phone' }), '7700 900123');
    await userEvent.click(canvas.getByRole('checkbox', { name: /I accept the terms of use/ }));
    await userEvent.click(canvas.getByRole('button', { name: 'Send booking request' }));

    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({
        riders: [
          { first_name: 'Eleanor', last_name: 'Whitfield' },
          { first_name: 'Tom', last_name: 'Whitfield' },
        ],
        contact_email: 'eleanor.whitfield@example.co.uk',
        contact_phone: '+447700900123',
        terms: true,
      }),
    );
  },
};
