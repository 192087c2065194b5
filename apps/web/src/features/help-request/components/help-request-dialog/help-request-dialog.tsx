import {
  Button,
  CallbackRequestedModal,
  Field,
  Form,
  formatPhone,
  Modal,
  type RuleFunction,
} from '@gallop/ui-kit';
import { useEffect, useMemo, useRef } from 'react';
import { PhoneField, TextareaField } from '../../../../components/form-fields/form-fields';
import { useApi } from '../../../../lib/api';
import { useSend } from '../../../../lib/use-send';
import {
  HELP_REQUEST_MESSAGE_MAX_LENGTH,
  HELP_REQUEST_NAME_MAX_LENGTH,
  helpRequestProblems,
  lastRequestIdFromCookies,
  submitHelpRequest,
  type HelpRequestValues,
} from '../../api';
import './help-request-dialog.css';
import { ConsentNote } from '../../../../components/consent-note/consent-note';

/** The callback modal's text: the number support will call, and why. */
export const callbackText = (phone: string) =>
  `Our support team will call you back at ${phone} to suggest tours that fit.`;

/** The API's own words when neither an e-mail nor a phone is given (its 422 message). */
export const CONTACT_NEEDED = 'Leave an e-mail or a phone so that we can answer';

/** Support answers by e-mail or phone: one of the two is needed (checked before the API does). */
const emailOrPhone: RuleFunction = (value, values) =>
  String(value ?? '').trim() !== '' || String(values.phone ?? '').trim() !== '' || CONTACT_NEEDED;

const EMPTY: HelpRequestValues = { name: '', email: '', phone: '', message: '' };

export interface HelpRequestDialogProps {
  isOpen: boolean;
  onClose: () => void;
  /** The tour the visitor is looking at, if any: sent with the request and named in the text. */
  tour?: { id: number; name: string } | undefined;
}

/**
 * "Help me choose a tour": the visitor tells the support team what they look for and how to
 * answer (`POST /spa/submit-help-request`). The visitor's last booking request (`last_request_id`
 * cookie) travels with it. Refusals keep what was typed: a 422's field errors show on the fields,
 * its message (or a 429's) above the button.
 */
export function HelpRequestDialog({ isOpen, onClose, tour }: HelpRequestDialogProps) {
  const api = useApi();
  const { sending, failure, error, done, send, reset } = useSend<{
    answerTo: string;
    /** The number left for support to call: the visitor asked for a callback. */
    callback?: string | undefined;
  }>();
  const problems = useMemo(() => helpRequestProblems(error, failure), [error, failure]);
  const close = () => {
    reset();
    onClose();
  };
  const submit = (values: HelpRequestValues) =>
    send(async () => {
      await submitHelpRequest(api, values, {
        tourId: tour?.id,
        requestId: lastRequestIdFromCookies(document.cookie),
      });
      const phone = values.phone.trim() === '' ? undefined : formatPhone(values.phone);
      return { answerTo: values.email.trim() || formatPhone(values.phone), callback: phone };
    });

  // A phone left for support is a callback request: the site's callback-requested modal says so.
  if (done?.result.callback) {
    return (
      <CallbackRequestedModal
        isOpen={isOpen}
        onClose={close}
        phone={done.result.callback}
        phoneText={callbackText}
      />
    );
  }

  return (
    <Modal isOpen={isOpen} onClose={close} title="Help me choose a tour">
      {done ? (
        <HelpRequestSent answerTo={done.result.answerTo} onDone={close} />
      ) : (
        <Form<HelpRequestValues>
          className="help-request__form"
          defaultValues={EMPTY}
          errors={problems.fields}
          onSubmit={submit}
        >
          <p className="help-request__lead">
            {tour ? (
              <>
                Not sure <strong>{tour.name}</strong> is right for you? Tell us what you are looking
                for and our support team will suggest tours that fit.
              </>
            ) : (
              'Tell us where and when you would like to ride, how experienced the riders are and your budget. Our support team will suggest tours that fit.'
            )}
          </p>
          <TextareaField
            name="message"
            label="What are you looking for?"
            rules={`required|max:${HELP_REQUEST_MESSAGE_MAX_LENGTH}`}
            rows={5}
            placeholder="For example: a week in the mountains in July, two riders with some experience, up to $1,500 each."
            textareaClassName="help-request__message"
          />
          <Field
            name="name"
            label="Your name (optional)"
            autoComplete="name"
            rules={`max:${HELP_REQUEST_NAME_MAX_LENGTH}`}
          />
          <fieldset className="help-request__contact">
            <legend className="help-request__legend">How can we answer you?</legend>
            <p className="help-request__contact-hint">Leave an e-mail, a phone, or both.</p>
            <Field
              name="email"
              label="E-mail"
              type="email"
              autoComplete="email"
              rules={['email', emailOrPhone]}
            />
            <PhoneField name="phone" label="Phone" rules="phone" />
          </fieldset>
          {problems.message && (
            <p className="help-request__failure" role="alert">
              {problems.message}
            </p>
          )}
          <Button type="submit" theme="primary" size="lg" block loading={sending}>
            Send my request
          </Button>
          <ConsentNote action="By sending" className="help-request__terms" />
        </Form>
      )}
    </Modal>
  );
}

/** The thank-you that replaces the form; it takes the focus so it is read out and Tab starts here. */
function HelpRequestSent({ answerTo, onDone }: { answerTo: string; onDone: () => void }) {
  const status = useRef<HTMLDivElement>(null);
  useEffect(() => status.current?.focus(), []);
  return (
    <div className="help-request__done" role="status" tabIndex={-1} ref={status}>
      <svg className="help-request__done-icon" viewBox="0 0 48 48" aria-hidden="true">
        <circle cx="24" cy="24" r="22" fill="currentColor" opacity="0.12" />
        <path
          d="M15 24.5 21.5 31 33 18"
          fill="none"
          stroke="currentColor"
          strokeWidth="3.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <p className="help-request__done-title">Thank you, your request is with our team.</p>
      <p>
        Our support team will read it and answer you at <strong>{answerTo}</strong> with tours that
        fit.
      </p>
      <Button theme="primary" onClick={onDone}>
        Done
      </Button>
    </div>
  );
}
