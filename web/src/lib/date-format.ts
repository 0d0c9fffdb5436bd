/**
 * A date formatter made on its first use instead of when its module loads: building an `Intl.DateTimeFormat`
 * loads the locale's calendar data, several milliseconds of a phone's main thread (most of the marketplace
 * chunk's evaluation), which a screen that shows no date yet (an empty or still-loading list) need not pay.
 */
export const dateFormatter = (options: Intl.DateTimeFormatOptions) => {
  let format: Intl.DateTimeFormat | undefined;
  return (date: Date | string) => (format ??= new Intl.DateTimeFormat(undefined, options)).format(new Date(date));
};
