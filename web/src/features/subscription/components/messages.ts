import { ApiError } from '../../../lib/api-client.ts';

/**
 * Spec 02 §8's two kinds of failure: the server answered (its message, else the call's fallback), or the call
 * itself threw (the network, a bug: the exception's text).
 */
export const failureMessage = (error: unknown, fallback: string, exception: string) =>
  error instanceof ApiError ? error.message || fallback : exception;
