import { Button, Form, Modal } from '@gallop/ui-kit';
import { useApi } from '../../../../lib/api';
import { complainAboutTour } from '../../actions';
import { useSend } from '../../../../lib/use-send';
import './tour-actions.css';
import { TextareaField } from '../../../../components/form-fields/form-fields';

/** The longest complaint the API takes. */
const COMPLAINT_MAX_LENGTH = 5000;

export interface ComplaintModalProps {
  tour: { id: number; name: string };
  isOpen: boolean;
  onClose: () => void;
}

/** Reporting a problem with a tour to the support team (`/crm/api/tour/complaint`). */
export function ComplaintModal({ tour, isOpen, onClose }: ComplaintModalProps) {
  const api = useApi();
  const { sending, failure, done, send, reset } = useSend<void>();
  const close = () => {
    reset();
    onClose();
  };
  const submit = ({ text }: { text: string }) =>
    send(() => complainAboutTour(api, { tourId: tour.id, text }));

  return (
    <Modal isOpen={isOpen} onClose={close} title="Report a problem with this tour">
      {done ? (
        <div className="tour-actions__done" role="status">
          <p>Thank you. Our support team will look into it and may contact the organizer.</p>
          <Button onClick={close}>Done</Button>
        </div>
      ) : (
        <Form<{ text: string }>
          className="tour-actions__form"
          defaultValues={{ text: '' }}
          onSubmit={submit}
        >
          <p className="tour-actions__lead">
            Tell us what is wrong with <strong>{tour.name}</strong>: wrong information, a misleading
            photo, or a problem with the organizer.
          </p>
          <TextareaField
            name="text"
            label="What is the problem?"
            rules={`required|max:${COMPLAINT_MAX_LENGTH}`}
            rows={6}
            textareaClassName="tour-actions__textarea"
          />
          {failure && (
            <p className="tour-actions__failure" role="alert">
              {failure}
            </p>
          )}
          <Button type="submit" disabled={sending}>
            {sending ? 'Sending…' : 'Send'}
          </Button>
        </Form>
      )}
    </Modal>
  );
}
