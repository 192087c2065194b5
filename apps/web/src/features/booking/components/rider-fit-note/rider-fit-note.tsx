import { LEVEL_LABELS, type RiderFit, type RiderLevel } from '@gallop/rider-fit';
import { Button } from '@gallop/ui-kit';
import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { RiderFitDetails } from '../../../../components/rider-fit-details/rider-fit-details';
import { formatDateChoice, type TourDate } from '../../../../lib/tour-format';
import { ALL_TOURS_SLUG, toursSearch } from '../../../../lib/tours-search';
import './rider-fit-note.css';

/**
 * Whether the fit says the ride asks two or more levels above the rider's: a form stops such a
 * send once, kindly, and lets the traveller go on anyway (a stretch is not stopped).
 */
export const levelShort = (fit: RiderFit | undefined): boolean =>
  fit?.reasons.some((reason) => reason.check === 'level' && reason.verdict === 'not-suitable') ??
  false;

/** A send stopped because the ride asks two or more levels above the rider's. */
export interface LevelStop {
  /** The rider's first name, or "Rider 2" while none is typed. */
  who: string;
  riderLevel: RiderLevel;
  /** The level the tour asks for. */
  tourLevel: RiderLevel;
  /** Changes on each press of send that stops here: the stop takes the focus. */
  focusKey?: number | undefined;
  /**
   * "Book anyway": the rider goes as they are, and the enclosing form is submitted. Not a submit
   * button itself, so that Enter in a field never chooses it (the form's first submit button).
   */
  onBookAnyway: () => void;
  /** The button's words: "Book anyway" unless given ("Save anyway" for a saved rider). */
  actionLabel?: string | undefined;
}

/** The level stop of a form of one rider (a saved rider's editor, the add-a-rider page). */
export interface SingleLevelStop {
  /** Counts the sends that stopped; undefined until one did. */
  press: number | undefined;
  /** "…anyway": the rider goes at `level`, and the form is sent again. */
  accept: (level: RiderLevel) => void;
}

/**
 * The level stop of a form of one rider: `stops(fit, level)` on send says whether to stop (and
 * shows the stop); once the traveller accepts a level, that level no longer stops.
 */
export function useLevelStop(): SingleLevelStop & {
  stops: (fit: RiderFit, level: RiderLevel | undefined) => boolean;
  /** Another rider's form: nothing stopped, nothing accepted. */
  reset: () => void;
} {
  const [press, setPress] = useState<number | undefined>();
  // A ref: "…anyway" submits at once, before a state change would reach the send.
  const accepted = useRef<RiderLevel | undefined>(undefined);
  const stops = useCallback((fit: RiderFit, level: RiderLevel | undefined) => {
    if (level === undefined || !levelShort(fit) || accepted.current === level) return false;
    setPress((shown) => (shown ?? 0) + 1);
    return true;
  }, []);
  const accept = useCallback((level: RiderLevel) => {
    accepted.current = level;
  }, []);
  const reset = useCallback(() => {
    accepted.current = undefined;
    setPress(undefined);
  }, []);
  return { press, accept, stops, reset };
}

/** The stop under the one rider of `useLevelStop`'s form, while their fit still asks it. */
export function singleLevelStop(
  levelStop: SingleLevelStop,
  {
    fit,
    who,
    riderLevel,
    tourLevel,
    actionLabel,
  }: {
    fit: RiderFit | undefined;
    who: string;
    riderLevel: RiderLevel | undefined;
    tourLevel: RiderLevel;
    actionLabel: string;
  },
): LevelStop | undefined {
  if (levelStop.press === undefined || riderLevel === undefined || !levelShort(fit)) {
    return undefined;
  }
  return {
    who,
    riderLevel,
    tourLevel,
    focusKey: levelStop.press,
    onBookAnyway: () => levelStop.accept(riderLevel),
    actionLabel,
  };
}

export interface RiderFitNoteProps {
  /** The rider's fit on the chosen date; undefined while nothing fit-relevant is typed. */
  fit: RiderFit | undefined;
  /** Other dates with a heavier horse free for this rider (the weight rules them out here). */
  otherDates?: readonly TourDate[];
  onChooseDate?: (dateId: number) => void;
  /** A send stopped for this rider's level: why, tours for their level, and "Book anyway". */
  stop?: LevelStop | undefined;
}

/**
 * Under a rider of a booking form: how they fit the tour on the chosen date, with the reasons,
 * said as they type (a polite live region). When no horse is left for their weight, up to three
 * dates that still have one, each a button that switches the form's date. When a send stopped
 * for the rider's level, the stop under it.
 */
export function RiderFitNote({ fit, otherDates = [], onChooseDate, stop }: RiderFitNoteProps) {
  const note = useRef<HTMLDivElement>(null);
  const choose = (dateId: number) => {
    onChooseDate?.(dateId);
    // The button goes away with the problem: the note, now saying the new fit, keeps the focus.
    note.current?.focus();
  };
  return (
    <>
      <div ref={note} className="rider-fit-note" aria-live="polite" tabIndex={-1}>
        {fit && <RiderFitDetails fit={fit} ofRider />}
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
      {stop && <LevelStopNote stop={stop} />}
    </>
  );
}

/** "Sam is a beginner": the rider's level as the stop names it. */
const RIDER_IS: Readonly<Record<RiderLevel, string>> = {
  beginner: 'a beginner',
  novice: 'a novice',
  intermediate: 'an intermediate rider',
  'strong-intermediate': 'a strong intermediate rider',
  advanced: 'an advanced rider',
};

/** What the riders a tour asks for do, in short (from `LEVEL_DEFINITIONS`). */
const RIDERS_WHO: Readonly<Record<RiderLevel, string>> = {
  beginner: 'who ride at a walk',
  novice: 'who walk and steer alone and trot for short spells',
  intermediate: 'who canter in control for hours',
  'strong-intermediate': 'who gallop in control, day after day',
  advanced: 'who ride spirited horses at every pace, for days on end',
};

const levelName = (level: RiderLevel) => LEVEL_LABELS[level].toLowerCase();

/** "Sam is a beginner; this ride asks for intermediate riders, who canter in control for hours." */
export function levelStopText({
  who,
  riderLevel,
  tourLevel,
}: Pick<LevelStop, 'who' | 'riderLevel' | 'tourLevel'>): string {
  return `${who} is ${RIDER_IS[riderLevel]}; this ride asks for ${levelName(tourLevel)} riders, ${RIDERS_WHO[tourLevel]}.`;
}

/**
 * The stop itself: said at once (an alert) and focused on the press that stopped, so the
 * traveller hears why; the form keeps every value typed.
 */
function LevelStopNote({ stop }: { stop: LevelStop }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (stop.focusKey !== undefined) box.current?.focus();
  }, [stop.focusKey]);
  return (
    <div ref={box} className="rider-fit-note__stop" role="alert" tabIndex={-1}>
      <p className="rider-fit-note__stop-text">{levelStopText(stop)}</p>
      <div className="rider-fit-note__stop-actions">
        <Button
          size="sm"
          theme="negative"
          onClick={(event) => {
            stop.onBookAnyway();
            event.currentTarget.form?.requestSubmit();
          }}
        >
          {stop.actionLabel ?? 'Book anyway'}
        </Button>
        <Link
          to="/$slug"
          params={{ slug: ALL_TOURS_SLUG }}
          search={toursSearch({ riderLevel: stop.riderLevel })}
          className="rider-fit-note__stop-link"
        >
          Tours for {levelName(stop.riderLevel)} riders
        </Link>
      </div>
    </div>
  );
}
