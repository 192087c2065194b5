import { useEffect, useState } from 'react';
import { useViewerTimeZone } from '../../lib/viewer-time-zone';

interface Clock {
  now: Date;
  timeZone: string;
}

/**
 * The time and zone the chat formats with: the viewer's zone (`useViewerTimeZone`: the profile's
 * when signed in, as the settings promise, else the browser's after hydrating), and the time,
 * ticking every minute ('Today' stays right).
 */
export function useClock(): Clock {
  const timeZone = useViewerTimeZone();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return { now, timeZone };
}
