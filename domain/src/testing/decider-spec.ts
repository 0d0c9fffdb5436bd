import { expect } from 'vitest';
import type { Command, Decider, DomainEvent } from '../decider.ts';

/**
 * Given events / when a command / then events or an error: the shape of every decider test.
 * Only for tests: it imports vitest's expect.
 */
export const deciderSpec =
  <C extends Command, E extends DomainEvent, S>(decider: Decider<C, E, S>) =>
  (given: readonly E[]) => ({
    when: (command: C) => {
      const run = () => decider.decide(command, given.reduce(decider.evolve, decider.initialState()));
      return {
        then: (expected: readonly E[]) => expect(run()).toEqual(expected),
        thenNothingHappened: () => expect(run()).toEqual([]),
        thenThrows: (errorType: abstract new (...args: never[]) => Error, message?: string | RegExp) => {
          expect(run).toThrow(errorType);
          if (message !== undefined) expect(run).toThrow(message);
        },
      };
    },
  });
