import type { TextConflictResponse } from '@vis/domain';
import { ApiError } from './api-client.ts';

/** The wire contract's 409 to a text saved on an older revision than another tab's save of the same text. */
export type { TextConflictResponse };

/** The server's refusal of a stale text edit (two tabs), or null for any other failure. */
export const textConflictOf = (error: unknown): TextConflictResponse | null => {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const body = error.body as Partial<TextConflictResponse> | null;
  return body?.error === 'Changed in another tab' && typeof body.current?.revision === 'number' ? (body as TextConflictResponse) : null;
};

/** The revision a command answered with: the base the next edit of the same text is made on. */
export const revisionOf = (result: unknown): number | undefined => {
  const revision = (result as { revision?: unknown } | null)?.revision;
  return typeof revision === 'number' ? revision : undefined;
};

/**
 * What a text save was made on: the project revision this tab last saw (`baseRevision`) and the text as this tab
 * last saw or sent it (`baseValue`). The server refuses the save only when another writer changed the text since.
 */
export interface TextBase<T = string> {
  baseRevision?: number;
  baseValue?: T;
}
