import { describe, expect, it } from 'vitest';
import { isAppRoute } from './app-routes.ts';

describe('isAppRoute', () => {
  it.each(['/', '/stage-1', '/stage-6', '/stage-6/', '/Stage-2', '/generator', '/marketplace/idea-1', '/projects/p-1/history'])(
    '%s is a screen',
    (path) => expect(isAppRoute(path)).toBe(true),
  );

  it.each(['/stage-0', '/stage-7', '/stage-9', '/stage-10', '/stage-', '/nowhere', '/projects/p-1/nope', '/dashboard/x', '/projects//history'])(
    '%s is not',
    (path) => expect(isAppRoute(path)).toBe(false),
  );
});
