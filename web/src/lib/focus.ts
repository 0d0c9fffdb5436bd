/**
 * True when the keyboard's focus went with what it was on: to the page itself, onto a control that is now
 * disabled, or into the toast area a closed toast hands it to (Radix moves it there). Only then is the focus
 * moved for the person; one who moved on meanwhile keeps their place.
 */
export const focusWasLost = () => {
  const active = document.activeElement;
  if (active === null || active === document.body) return true;
  if (active instanceof HTMLButtonElement && active.disabled) return true;
  return active.closest('[data-toast-area]') !== null;
};
