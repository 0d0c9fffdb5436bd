import { SIGN_IN_POSITION_COOKIE, withoutUnsafeCharacters, type CommandMetadata } from '@vis/domain';
import { sessionOf, startUserSession, type Logger } from '@vis/infrastructure';
import type { Context } from 'koa';
import type { Accounts } from '../accounts/accounts.ts';
import { handOverVisitorAccount } from '../accounts/visitor-hand-over.ts';
import type { AdoptVisitorProjects } from '../projects/adopt-visitor-projects.ts';

export interface SignInDeps {
  accounts: Accounts;
  logger: Logger;
  clock: () => Date;
  newId: () => string;
  /** Moves this browser's visitor projects to the user; without it, they stay with the visitor. */
  adoptVisitorProjects?: AdoptVisitorProjects;
  /** The log's position after the sign-in's writes, handed to the page it returns to (see SIGN_IN_POSITION_COOKIE). */
  headPosition: () => Promise<bigint>;
}

/** Long enough for the redirect and the page's start; the page removes it once read. */
const SIGN_IN_POSITION_MAX_AGE_MS = 60_000;

export interface Profile {
  email: string;
  displayName: string;
  profileImageUrl?: string;
}

/**
 * Records the sign-in on the user's account stream (the account read model takes the profile from it), moves
 * this browser's visitor projects and balance to the user, then starts a fresh signed-in session. The event
 * comes first: a sign-in the log does not know about would show a signed-in user without a profile. A balance
 * that cannot move now does not stop the sign-in: it stays on the visitor's account, and the next sign-in in
 * this browser (which keeps the visitor id) moves it. The page it returns to learns how far the log got, so
 * its first reads wait for the read models to show the move.
 */
export const createSignIn = ({ accounts, logger, clock, newId, adoptVisitorProjects, headPosition }: SignInDeps) => {
  const moveVisitorBalance = async (visitorAccount: string, userAccount: string, metadata: CommandMetadata) => {
    try {
      return (await handOverVisitorAccount(accounts, visitorAccount, userAccount, metadata, logger)) !== null;
    } catch (error) {
      logger.warn({ err: error }, "a visitor's balance could not move to the signed-in user");
      return false;
    }
  };
  return async (ctx: Context, { userId, method, profile }: { userId: string; method: 'google' | 'local'; profile: Profile }) => {
    const accountId = `user-${userId}`;
    const metadata = { commandId: newId(), actorId: accountId, now: clock().toISOString() };
    // Google's name is the person's own, not refused; what could make it read as another name is taken out.
    const shown = { ...profile, displayName: withoutUnsafeCharacters(profile.displayName) };
    await accounts.execute('RecordSignIn', accountId, shown, metadata);
    const { visitorId } = sessionOf(ctx);
    const projectsMoved = visitorId && adoptVisitorProjects ? await adoptVisitorProjects(`visitor-${visitorId}`, accountId, metadata) : 0;
    const balanceMoved = visitorId ? await moveVisitorBalance(`visitor-${visitorId}`, accountId, metadata) : false;
    await startUserSession(ctx, userId, profile.email);
    ctx.cookies.set(SIGN_IN_POSITION_COOKIE, String(await headPosition()), {
      httpOnly: false,
      sameSite: 'lax',
      secure: ctx.secure,
      maxAge: SIGN_IN_POSITION_MAX_AGE_MS,
      signed: false,
      overwrite: true,
    });
    logger.info({ accountId, method, projectsMoved, balanceMoved }, 'signed in');
  };
};

export type SignIn = ReturnType<typeof createSignIn>;
