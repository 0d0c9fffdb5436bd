/**
 * Where sign-in comes back to: the page the person was on. Its own module so that a lazily loaded screen can
 * link to sign-in without importing the header (and its menus) into its chunk.
 */
export const signInHref = (pathname: string) => `/auth/google?returnTo=${encodeURIComponent(pathname)}`;
