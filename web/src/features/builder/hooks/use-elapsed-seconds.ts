import { useEffect, useState } from 'react';

/** Whole seconds since `startedAt`. */
export const secondsSince = (startedAt: number) => Math.max(0, Math.floor((Date.now() - startedAt) / 1000));

/**
 * Seconds since `startedAt`, ticking every second (spec 02 §9 'Elapsed timer tick'). Worked out on each render, so
 * a new start (the server's, once the project arrives) shows at once; the interval only asks for the renders.
 */
export const useElapsedSeconds = (startedAt: number) => {
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((tick) => tick + 1), 1000);
    return () => clearInterval(timer);
  }, [startedAt]);
  return secondsSince(startedAt);
};
