import type { RiderFit } from '@gallop/rider-fit';
import { Button } from '@gallop/ui-kit';
import { useRef } from 'react';
import { RiderFitDetails } from '../../../../components/rider-fit-details/rider-fit-details';
import { formatDateChoice, type TourDate } from '../../../../lib/tour-format';
import './rider-fit-note.css';

export interface RiderFitNoteProps {
  /** The rider's fit on the chosen date; undefined while nothing fit-relevant is typed. */
  fit: RiderFit | undefined;
  /** Other dates with a heavier horse free for this rider (the weight rules them out here). */
  otherDates?: readonly TourDate[];
  onChooseDate?: (dateId: number) => void;
}

/**
 * Under a rider of a booking form: how they fit the tour on the chosen date, with the reasons,
 * said as they type (a polite live region). When no horse is left for their weight, up to three
 * dates that still have one, each a button that switches the form's date.
 */
export function RiderFitNote({ fit, otherDates = [], onChooseDate }: RiderFitNoteProps) {
  const note = useRef<HTMLDivElement>(null);
  const choose = (dateId: number) => {
    onChooseDate?.(dateId);
    // The button goes away with the problem: the note, now saying the new fit, keeps the focus.
    note.current?.focus();
  };
  return (
    <div ref={note} className="rider-fit-note" aria-live="polite" tabIndex={-1}>
      {fit && <RiderFitDetails fit={fit} />}
      {fit && otherDates.length > 0 && onChooseDate && (
        <div className="rider-fit-note__dates">
          <p className="rider-fit-note__dates-title">Dates with a horse for this weight:</p>
          <div className="rider-fit-note__date-buttons">
            {otherDates.map((date) => (
              <Button
                key={date.id}
                size="sm"
                theme="negative"
                aria-label={`Switch to ${formatDateChoice(date)}`}
                onClick={() => choose(date.id)}
              >
                {formatDateChoice(date)}
              </Button>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
