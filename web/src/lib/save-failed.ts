import { errorMessage, errorTitle } from './api-client.ts';

/**
 * The toast for a save the server refused or that never arrived: the server's reason when it gave one (a full
 * project, a list at its limit), else the spec's 'Failed to save project' (spec 01 §8). A refusal a person can act
 * on must not hide behind the generic sentence.
 */
export const saveFailedToast = (error: unknown) => ({
  title: errorTitle(error) ?? 'Error',
  description: errorMessage(error, 'Failed to save project'),
  variant: 'destructive' as const,
});
