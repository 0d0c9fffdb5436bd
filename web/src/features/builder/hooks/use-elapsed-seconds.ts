import { useEffect, useState } from 'react';

/** Whole seconds since `startedAt`. */
export const secondsSince = (startedAt: number) => Math.max(0, Math.floor((Date.now() - startedAt) / 1000));

/** Seconds since `startedAt`, ticking every second (spec 02 §9 'Elapsed timer tick'). */
export const useElapsedSeconds = (startedAt: number) => {
  const [seconds, setSeconds] = useState(() => secondsSince(startedAt));
  useEffect(() => {
    const timer = setInterval(() => setSeconds(secondsSince(startedAt)), 1000);
    return () => clearInterval(timer);
  }, [startedAt]);
  return seconds;
};
