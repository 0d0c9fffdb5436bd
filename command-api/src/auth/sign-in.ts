import { withoutUnsafeCharacters } from '@vis/domain';
import { sessionOf, startUserSession, type Logger } from '@vis/infrastructure';
import type { Context } from 'koa';
import type { Accounts } from '../accounts/accounts.ts';
import type { AdoptVisitorProjects } from '../projects/adopt-visitor-projects.ts';

export interface SignInDeps {
  accounts: Accounts;
  logger: Logger;
  clock: () => Date;
  newId: () => string;
  /** Moves this browser's visitor projects to the user; without it, they stay with the visitor. */
  adoptVisitorProjects?: AdoptVisitorProjects;
}

export interface Profile {
  email: string;
  displayName: string;
  profileImageUrl?: string;
}

/**
 * Records the sign-in on the user's account stream (the account read model takes the profile from it), then
 * starts a fresh signed-in session. The event comes first: a sign-in the log does not know about would show a
 * signed-in user without a profile.
 */
export const createSignIn =
  ({ accounts, logger, clock, newId, adoptVisitorProjects }: SignInDeps) =>
  async (ctx: Context, { userId, method, profile }: { userId: string; method: 'google' | 'local'; profile: Profile }) => {
    const accountId = `user-${userId}`;
    const metadata = { commandId: newId(), actorId: accountId, now: clock().toISOString() };
    // Google's name is the person's own, not refused; what could make it read as another name is taken out.
    const shown = { ...profile, displayName: withoutUnsafeCharacters(profile.displayName) };
    await accounts.execute('RecordSignIn', accountId, shown, metadata);
    const { visitorId } = sessionOf(ctx);
    const projectsMoved = visitorId && adoptVisitorProjects ? await adoptVisitorProjects(`visitor-${visitorId}`, accountId, metadata) : 0;
    await startUserSession(ctx, userId);
    logger.info({ accountId, method, projectsMoved }, 'signed in');
  };

export type SignIn = ReturnType<typeof createSignIn>;
