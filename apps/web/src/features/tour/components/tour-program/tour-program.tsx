import {
  Collapse,
  PhotoPreview,
  RideProfile,
  ridingDayLine,
  type MediaItem,
  type RideProfileUnits,
} from '@gallop/ui-kit';
import type { Tour } from '../../api';
import { toMediaItems } from '../../media';
import { hasRidingNumbers, toRideProfileDay } from './riding-days';
import './tour-program.css';

export interface TourProgramProps {
  days: NonNullable<Tour['program']>;
  onOpenPhotos: (items: readonly MediaItem[], index: number) => void;
  /** Distances and climbs in kilometres and metres, or miles and feet (the visitor's units). */
  units?: RideProfileUnits;
}

/**
 * The programme day by day (the first day starts open), each day's numbers in one line under its
 * title, and the ride's profile above the days when the programme states them (decision 113);
 * distances and climbs in the visitor's units.
 */
export function TourProgram({ days, onOpenPhotos, units = 'metric' }: TourProgramProps) {
  const profileDays = days.map(toRideProfileDay);
  return (
    <div className="tour-program">
      {hasRidingNumbers(days) && (
        <RideProfile days={profileDays} units={units} className="tour-program__profile" />
      )}
      {days.map((day, index) => {
        const line = ridingDayLine(profileDays[index]!, units);
        return (
          <Collapse
            key={day.day}
            defaultOpen={day.day === 1}
            headingLevel={3}
            className="tour-program__day"
            title={
              <span className="tour-program__title">
                <span className="tour-program__number">Day {day.day}</span>
                {day.title}
                {line && <span className="tour-program__numbers">{line}</span>}
              </span>
            }
          >
            {day.description && <p className="tour-program__text">{day.description}</p>}
            {(day.images?.length ?? 0) > 0 && (
              <PhotoPreview
                photos={toMediaItems(day.images)}
                onOpen={(index) => onOpenPhotos(toMediaItems(day.images), index)}
              />
            )}
          </Collapse>
        );
      })}
    </div>
  );
}

export interface TourInclusionsProps {
  included: readonly string[];
  notIncluded: readonly string[];
}

/** What the price covers and what it does not. */
export function TourInclusions({ included, notIncluded }: TourInclusionsProps) {
  return (
    <div className="tour-inclusions">
      {included.length > 0 && (
        <div>
          <h3 className="tour-inclusions__heading">Included</h3>
          <ul className="tour-inclusions__list tour-inclusions__list--yes">
            {included.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
      )}
      {notIncluded.length > 0 && (
        <div>
          <h3 className="tour-inclusions__heading">Not included</h3>
          <ul className="tour-inclusions__list tour-inclusions__list--no">
            {notIncluded.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
