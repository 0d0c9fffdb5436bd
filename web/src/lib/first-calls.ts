/**
 * Runs a page's API calls one at a time until `isVisitor()` says the browser has a session, then all at once.
 * A browser without a session becomes a visitor on its first call; calls sent together would each become a
 * different visitor, and the browser would keep the cookie of whichever answered last (a project just created
 * by one, then "not found" for the next call). Where the page itself started the session (the embedded server),
 * nothing waits.
 */
export const firstCallsOneAtATime = (isVisitor: () => boolean) => {
  /** Settles (never rejects) when the call that may make this browser a visitor has its answer. */
  let becomingVisitor: Promise<void> | null = null;
  return async <T>(call: () => Promise<T>): Promise<T> => {
    while (becomingVisitor) await becomingVisitor;
    if (isVisitor()) return call();
    const answer = call();
    becomingVisitor = answer.then(
      () => undefined,
      () => undefined,
    );
    // Whoever waits wakes after this: the next one finds the session, or (refused as a new visitor) goes alone.
    void becomingVisitor.then(() => (becomingVisitor = null));
    return answer;
  };
};
