import type { components } from '@gallop/api-client';
import type { Database } from '#src/db/client.ts';
import { readSiteSettings, type SupportSchedule } from './site-settings.ts';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

export interface LocalTime {
  /** 1 Monday ... 7 Sunday, as in the contract's `ScheduleDay`. */
  weekday: number;
  /** Minutes since local midnight. */
  minutes: number;
}

/** The weekday and time of day at `instant` in an IANA time zone (UTC if the zone is unknown). */
export function localTimeIn(timezone: string, instant: Date): LocalTime {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone: timezone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
  } catch {
    // A bad zone in the settings must not take the contacts block down: read the clock in UTC.
    return localTimeIn('UTC', instant);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  return {
    weekday: WEEKDAYS.indexOf(parts['weekday'] ?? '') + 1,
    minutes: Number(parts['hour']) * 60 + Number(parts['minute']),
  };
}

/** `"09:30"` -> 570. */
function minutesOf(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/**
 * Whether support works at `instant`: the weekday's hours in the schedule's own time zone, from
 * `from` included to `to` excluded (`24:00` closes at midnight). A day with no hours is a day off.
 */
export function isWorkingAt(schedule: SupportSchedule, instant: Date): boolean {
  const { weekday, minutes } = localTimeIn(schedule.timezone, instant);
  const day = schedule.days.find((entry) => entry.weekday === weekday);
  if (!day?.from || !day.to) return false;
  return minutes >= minutesOf(day.from) && minutes < minutesOf(day.to);
}

/**
 * The support desk's hours and whether it works at `now`. One desk serves every place, so a city
 * or country does not change them.
 */
export async function supportWorkTime(
  db: Database,
  now: Date,
): Promise<components['schemas']['WorkTime']> {
  const { support_schedule: schedule } = await readSiteSettings(db, ['support_schedule']);
  return {
    is_working_now: isWorkingAt(schedule, now),
    timezone: schedule.timezone,
    schedule: schedule.days,
  };
}
