import type { ButtonHTMLAttributes } from 'react';

/** A popup's trigger as Radix renders it while closed, to stand in until the popup's code arrives. */
export const StandInTrigger = ({ haspopup, ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { haspopup: 'menu' | 'dialog' }) => (
  <button type="button" aria-haspopup={haspopup} aria-expanded={false} data-state="closed" {...props} />
);

/** What the stand-in and the real trigger share: their look, their name and what they show. */
export type TriggerLook = Pick<ButtonHTMLAttributes<HTMLButtonElement>, 'className' | 'aria-label' | 'title' | 'children'>;
