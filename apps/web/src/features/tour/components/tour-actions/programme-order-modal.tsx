import { useCurrency } from '@gallop/currency/react';
import { Button, Field, Form, Modal } from '@gallop/ui-kit';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../../lib/api';
import { orderProgramme, siteTokensQueryOptions } from '../../actions';
import { useSend } from '../../../../lib/use-send';
import './tour-actions.css';
import { PhoneField } from '../../../../components/form-fields/form-fields';

interface ProgrammeValues {
  email: string;
  phone: string;
}

export interface ProgrammeOrderModalProps {
  tour: { id: number; name: string };
  isOpen: boolean;
  onClose: () => void;
}

/**
 * The tour-programme order (spec sections 1 and 7): the programme goes to the visitor's email,
 * or by WhatsApp when the site says so (`send_tour_program_in_pdf_via_whatsapp`), priced in the
 * visitor's currency.
 */
export function ProgrammeOrderModal({ tour, isOpen, onClose }: ProgrammeOrderModalProps) {
  const api = useApi();
  const { currency } = useCurrency();
  const tokens = useQuery(siteTokensQueryOptions(api));
  const viaWhatsapp = tokens.data?.send_tour_program_in_pdf_via_whatsapp === true;
  const { sending, failure, done, send, reset } = useSend<{
    to: string;
    requestId: number | null;
  }>();
  const sent = done?.result;
  const close = () => {
    reset();
    onClose();
  };
  const submit = (values: ProgrammeValues) =>
    send(async () => {
      const email = values.email.trim();
      const requestId = await orderProgramme(api, {
        tourId: tour.id,
        email,
        phone: values.phone || undefined,
        currency,
        viaWhatsapp,
      });
      return { to: viaWhatsapp ? values.phone : email, requestId };
    });

  return (
    <Modal isOpen={isOpen} onClose={close} title="Get the tour programme">
      {sent ? (
        <div className="tour-actions__done" role="status">
          <p>
            The programme of <strong>{tour.name}</strong> is on its way{' '}
            {viaWhatsapp ? 'by WhatsApp to ' : 'to '}
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
          <p className="tour-actions__lead">
            {viaWhatsapp
              ? 'We will send the day-by-day programme with dates and prices to your WhatsApp.'
              : 'We will email you the day-by-day programme with dates and prices.'}
          </p>
          <Field
            name="email"
            label="E-mail"
            type="email"
            autoComplete="email"
            rules="required|email"
          />
          <PhoneField
            name="phone"
            label={viaWhatsapp ? 'WhatsApp number' : 'Phone (optional)'}
            rules={viaWhatsapp ? 'required|phone' : 'phone'}
          />
          {failure && (
            <p className="tour-actions__failure" role="alert">
              {failure}
            </p>
          )}
          <Button type="submit" disabled={sending || tokens.isPending}>
            {sending ? 'Sending…' : 'Send the programme'}
          </Button>
          <p className="tour-actions__terms">
            By sending, you accept the <a href="/agreement">terms of use</a> and the{' '}
            <a href="/privacy">privacy policy</a>.
          </p>
        </Form>
      )}
    </Modal>
  );
}
