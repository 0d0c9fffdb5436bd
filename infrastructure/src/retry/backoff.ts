/** Waits before trying again: doubling from the first, up to the last. */
export interface RetryDelays {
  first: number;
  max: number;
}

/**
 * The waits between attempts to get a feed or a subscription back: each `wait()` lasts the current delay and
 * doubles the next one (up to `max`), `succeeded()` starts again from `first`, and `interrupt()` ends a wait at
 * once (the owner is closing and must not sit out a long delay).
 */
export const createBackoff = ({ first, max }: RetryDelays) => {
  let delay = first;
  let interrupt: (() => void) | undefined;
  return {
    get delayMs() {
      return delay;
    },
    wait: () =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay);
        delay = Math.min(delay * 2, max);
        interrupt = () => {
          clearTimeout(timer);
          resolve();
        };
      }),
    succeeded: () => {
      delay = first;
    },
    interrupt: () => interrupt?.(),
  };
};
