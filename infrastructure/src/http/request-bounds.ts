import { ValidationError } from '@vis/domain';
import type { Middleware } from 'koa';

/** As long as any id the domain makes or accepts (MAX_ID_LENGTH, MAX_IDEA_ID_LENGTH); the stores' keys must stay short. */
export const MAX_PATH_SEGMENT_LENGTH = 200;
/** Far deeper than any document a client sends (an export file is about 6 levels deep). */
export const MAX_BODY_DEPTH = 32;

export const BODY_TOO_DEEP_MESSAGE = `Request body is nested too deeply (at most ${MAX_BODY_DEPTH} levels)`;

const decoded = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/**
 * How deep the JSON value nests: objects and arrays count a level each. Walked with a stack of its own, and
 * given up as soon as it passes `max`, so that no body can overflow the call stack here (JSON.parse itself
 * does not recurse; the validation behind it does).
 */
export const nestsDeeperThan = (value: unknown, max: number): boolean => {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (pending.length > 0) {
    const { value: item, depth } = pending.pop()!;
    if (item === null || typeof item !== 'object') continue;
    if (depth + 1 > max) return true;
    for (const child of Array.isArray(item) ? item : Object.values(item)) {
      if (child !== null && typeof child === 'object') pending.push({ value: child, depth: depth + 1 });
    }
  }
  return false;
};

/**
 * Bounds what a request can make the server do before any route sees it: every path segment (where the ids
 * are) is at most MAX_PATH_SEGMENT_LENGTH characters, and a JSON body nests at most MAX_BODY_DEPTH levels.
 * Past either, stores and validators fail in ways that would answer 500; here the answer is a 400 naming the
 * problem. Goes after the JSON body parser.
 */
export const requestBounds = (): Middleware => async (ctx, next) => {
  const { path } = ctx;
  // A path no longer than the bound cannot hold a segment past it: the hot routes skip the split.
  if (
    path.length > MAX_PATH_SEGMENT_LENGTH &&
    path.split('/').some((segment) => segment.length > MAX_PATH_SEGMENT_LENGTH && decoded(segment).length > MAX_PATH_SEGMENT_LENGTH)
  ) {
    throw new ValidationError('id', `id: must be at most ${MAX_PATH_SEGMENT_LENGTH} characters`);
  }
  if (nestsDeeperThan(ctx.request.body, MAX_BODY_DEPTH)) throw new ValidationError('body', BODY_TOO_DEEP_MESSAGE);
  await next();
};
