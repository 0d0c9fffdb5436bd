import type { ReactNode } from 'react';
import { storage, STORAGE_KEYS } from '../lib/storage.ts';

/**
 * Log out is a form POST (a GET any page could send only asks for confirmation). The remembered project stays
 * with the account it belongs to: the next visitor in this browser starts from their own. Nothing is told of the
 * removal, since the page is about to be replaced and a screen told now would pick a project of the account that
 * is still signed in for a moment.
 */
export const LogoutForm = ({ returnTo, children }: { returnTo: string; children: ReactNode }) => (
  <form method="post" action={`/auth/logout?returnTo=${encodeURIComponent(returnTo)}`} onSubmit={() => storage.remove(STORAGE_KEYS.currentProjectId)}>
    {children}
  </form>
);
