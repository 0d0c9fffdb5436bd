import type { Config } from '@vis/infrastructure';

export interface GoogleClient {
  clientId: string;
  clientSecret: string;
  /** Tests point these at a local stand-in for Google; in use they stay unset (grant knows Google's). */
  authorizeUrl?: string;
  accessUrl?: string;
  profileUrl?: string;
}

export interface AuthOptions {
  /** Refuses the local sign-in and requires Google to be configured. */
  production: boolean;
  /** Where browsers reach the product; the OAuth callback is built on it. Unset: each request's own origin. */
  publicUrl?: string;
  /** Unset: the local sign-in page stands in for Google (outside production). */
  google?: GoogleClient;
  /** OPERATOR_EMAILS, lower-cased: the local sign-in refuses them unless `localSignInOperators`. */
  operatorEmails?: readonly string[];
  /** LOCAL_SIGN_IN_OPERATORS: the local sign-in (no password) may sign in as an operator. */
  localSignInOperators?: boolean;
}

/** The sign-in settings from configuration: a Google client needs both halves, or it is a mistake worth stopping for. */
export const authOptionsFrom = (
  config: Pick<
    Partial<Config>,
    'NODE_ENV' | 'PUBLIC_URL' | 'GOOGLE_CLIENT_ID' | 'GOOGLE_CLIENT_SECRET' | 'OPERATOR_EMAILS' | 'LOCAL_SIGN_IN_OPERATORS'
  >,
): AuthOptions => {
  const { GOOGLE_CLIENT_ID: clientId, GOOGLE_CLIENT_SECRET: clientSecret } = config;
  if (Boolean(clientId) !== Boolean(clientSecret)) {
    throw new Error('Invalid configuration: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together (or both left empty)');
  }
  return {
    production: config.NODE_ENV === 'production',
    ...(config.PUBLIC_URL ? { publicUrl: config.PUBLIC_URL } : {}),
    ...(clientId && clientSecret ? { google: { clientId, clientSecret } } : {}),
    operatorEmails: config.OPERATOR_EMAILS ?? [],
    localSignInOperators: config.LOCAL_SIGN_IN_OPERATORS ?? false,
  };
};
