import { useEffect, useState } from 'react';

interface Clock {
  now: Date;
  timeZone: string;
}

/**
 * The time and zone the chat formats with: UTC in the server render and the first browser render
 * (so hydration matches), then the browser's zone, ticking every minute ('Today' stays right).
 */
export function useClock(): Clock {
  const [clock, setClock] = useState<Clock>(() => ({ now: new Date(), timeZone: 'UTC' }));
  useEffect(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
    setClock({ now: new Date(), timeZone: zone });
    const timer = setInterval(() => setClock({ now: new Date(), timeZone: zone }), 60_000);
    return () => clearInterval(timer);
  }, []);
  return clock;
}
