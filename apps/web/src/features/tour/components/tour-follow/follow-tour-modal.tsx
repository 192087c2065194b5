import { Modal } from '@gallop/ui-kit';
import { FollowTourForm } from './follow-tour-form';

export interface FollowTourModalProps {
  tour: { id: number; name: string };
  isOpen: boolean;
  onClose: () => void;
}

/** 'Follow this tour' beside the programme order: the same e-mail form, in a modal. */
export function FollowTourModal({ tour, isOpen, onClose }: FollowTourModalProps) {
  return (
    <Modal isOpen={isOpen} onClose={onClose} title="Follow this tour">
      {/* Mounted only while open: the next opening starts from an empty form. */}
      {isOpen && (
        <div className="tour-follow tour-follow--modal">
          <p className="tour-follow__lead">
            Get the day-by-day programme by e-mail, and a note when new dates open.
          </p>
          <FollowTourForm tour={tour} onDone={onClose} />
        </div>
      )}
    </Modal>
  );
}
