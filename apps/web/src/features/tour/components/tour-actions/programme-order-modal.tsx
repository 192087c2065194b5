import { useCurrency } from '@gallop/currency/react';
import { Button, Field, Form, Modal } from '@gallop/ui-kit';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { useApi } from '../../../../lib/api';
import { orderProgramme, siteTokensQueryOptions } from '../../actions';
import { useSend } from '../../../../lib/use-send';
import './tour-actions.css';
import { PhoneField } from '../../../../components/form-fields/form-fields';
import { ConsentNote } from '../../../../components/consent-note/consent-note';

interface ProgrammeValues {
  email: string;
  phone: string;
}

export interface ProgrammeOrderModalProps {
  tour: { id: number; name: string };
  isOpen: boolean;
  onClose: () => void;
}

type Channel = 'email' | 'whatsapp';

const LEADS: Record<Channel, string> = {
  email:
    'We will e-mail you the programme as a PDF: the day-by-day plan, the dates and prices, the payment terms and the cancellation policy.',
  whatsapp:
    'We will send the programme as a PDF to your WhatsApp: the day-by-day plan, the dates and prices, the payment terms and the cancellation policy.',
};

/**
 * The tour-programme order (docs/product.md, Who it is for and Calls): the programme goes out as a
 * PDF to the visitor's e-mail, or to their WhatsApp when they choose it and the site offers it
 * (`send_tour_program_in_pdf_via_whatsapp`), priced in the visitor's currency.
 */
export function ProgrammeOrderModal({ tour, isOpen, onClose }: ProgrammeOrderModalProps) {
  const api = useApi();
  const { currency } = useCurrency();
  // `useQuery`: an optional preference; e-mail only until it is known.
  const tokens = useQuery(siteTokensQueryOptions(api));
  const whatsappOffered = tokens.data?.send_tour_program_in_pdf_via_whatsapp === true;
  const [chosen, setChosen] = useState<Channel>('email');
  const channel: Channel = whatsappOffered ? chosen : 'email';
  const viaWhatsapp = channel === 'whatsapp';
  const { sending, failure, done, send, reset } = useSend<{
    to: string;
    viaWhatsapp: boolean;
    requestId: number | null;
  }>();
  const sent = done?.result;
  const close = () => {
    reset();
    setChosen('email');
    onClose();
  };
  const submit = (values: ProgrammeValues) =>
    send(async () => {
      const email = values.email.trim();
      const requestId = await orderProgramme(api, {
        tourId: tour.id,
        email: email || undefined,
        phone: values.phone || undefined,
        currency,
        viaWhatsapp,
      });
      return { to: viaWhatsapp ? values.phone : email, viaWhatsapp, requestId };
    });

  return (
    <Modal isOpen={isOpen} onClose={close} title="Get the tour programme">
      {sent ? (
        <div className="tour-actions__done" role="status">
          <p>
            The programme of <strong>{tour.name}</strong> is on its way{' '}
            {sent.viaWhatsapp ? 'by WhatsApp to ' : 'to '}
            <strong>{sent.to}</strong>.
          </p>
          {sent.requestId !== null && <p>Request number {sent.requestId}.</p>}
          <Button onClick={close}>Done</Button>
        </div>
      ) : (
        <Form<ProgrammeValues>
          className="tour-actions__form"
          defaultValues={{ email: '', phone: '' }}
          onSubmit={submit}
        >
          {whatsappOffered && (
            <fieldset className="tour-actions__channels">
              <legend className="tour-actions__legend">How should we send it?</legend>
              {(['email', 'whatsapp'] as const).map((option) => (
                <label key={option} className="tour-actions__channel">
                  <input
                    type="radio"
                    name="programme-channel"
                    value={option}
                    checked={channel === option}
                    onChange={() => setChosen(option)}
                  />
                  {option === 'email' ? 'By e-mail' : 'By WhatsApp'}
                </label>
              ))}
            </fieldset>
          )}
          <p className="tour-actions__lead">{LEADS[channel]}</p>
          {/* Keyed by the channel: each asks for its own address first and checks its own rules. */}
          <Fragment key={channel}>
            {viaWhatsapp ? (
              <>
                <PhoneField name="phone" label="WhatsApp number" rules="required|phone" />
                <Field
                  name="email"
                  label="E-mail (optional)"
                  type="email"
                  autoComplete="email"
                  rules="email"
                />
              </>
            ) : (
              <>
                <Field
                  name="email"
                  label="E-mail"
                  type="email"
                  autoComplete="email"
                  rules="required|email"
                />
                <PhoneField name="phone" label="Phone (optional)" rules="phone" />
              </>
            )}
          </Fragment>
          {failure && (
            <p className="tour-actions__failure" role="alert">
              {failure}
            </p>
          )}
          <Button type="submit" disabled={sending || tokens.isPending}>
            {sending ? 'Sending…' : 'Send the programme'}
          </Button>
          <ConsentNote action="By sending" className="tour-actions__terms" />
        </Form>
      )}
    </Modal>
  );
}
