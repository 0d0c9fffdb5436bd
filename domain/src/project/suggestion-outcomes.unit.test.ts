import { describe, expect, it } from 'vitest';
import { parameterAdded, parameterRemoved, parametersCleared, projectId } from '../testing/project-fixtures.ts';
import {
  evolveSuggestionTrail,
  initialSuggestionTrail,
  isEditOf,
  suggestionOutcomesOf,
  type SuggestionOutcome,
  type SuggestionTrailEvent,
} from './suggestion-outcomes.ts';

const suggested = (list: string | null, suggestions: string[], kind = 'emotionalTriggers') => ({
  type: 'AiSuggestionsGenerated',
  data: { projectId, use: list === null ? 'builderParameter' : 'parameters', list, kind, suggestions },
});

/** Given these events (revisions from 0), what became of the suggestions offered at each revision. */
const outcomesAfter = (...events: { type: string; data: unknown }[]): Map<number, SuggestionOutcome[]> =>
  suggestionOutcomesOf(
    events.map((event, revision): SuggestionTrailEvent => ({ ...event, revision })).reduce(evolveSuggestionTrail, initialSuggestionTrail()),
  );

describe('what became of the AI suggestions', () => {
  it('takes a suggestion added as suggested for accepted, whatever its case, and the rest for ignored', () =>
    expect(
      outcomesAfter(
        suggested('rewardSourceParameters', ['Sponsors', 'Tip jar']),
        parameterAdded({ list: 'rewardSourceParameters', value: 'sponsors' }),
      ).get(0),
    ).toEqual([
      { value: 'Sponsors', outcome: 'accepted' },
      { value: 'Tip jar', outcome: 'ignored' },
    ]));

  it('takes a changed form for edited, with what was added', () =>
    expect(
      outcomesAfter(suggested('parameters', ['Daily streaks', 'Fair window']), parameterAdded({ list: 'parameters', value: 'Weekly streaks' })).get(
        0,
      ),
    ).toEqual([
      { value: 'Daily streaks', outcome: 'edited', addedAs: 'Weekly streaks' },
      { value: 'Fair window', outcome: 'ignored' },
    ]));

  it('does not count an addition to another list, or an unrelated value', () =>
    expect(
      outcomesAfter(
        suggested('parameters', ['Daily streaks']),
        parameterAdded({ list: 'rewardSourceParameters', value: 'Daily streaks' }),
        parameterAdded({ list: 'parameters', value: 'Open source' }),
      ).get(0),
    ).toEqual([{ value: 'Daily streaks', outcome: 'ignored' }]));

  it('takes a suggestion added and then removed for ignored, as removed (the guided Generate adds them at once)', () => {
    const outcomes = outcomesAfter(
      suggested('parameters', ['Daily streaks', 'Fair window', 'Open source']),
      parameterAdded({ list: 'parameters', value: 'Daily streaks' }),
      parameterAdded({ list: 'parameters', value: 'Fair window' }),
      parameterAdded({ list: 'parameters', value: 'Open source' }),
      parameterRemoved({ list: 'parameters', value: 'Fair window' }),
      parametersCleared('parameters', ['Open source']),
    ).get(0);
    expect(outcomes).toEqual([
      { value: 'Daily streaks', outcome: 'accepted' },
      { value: 'Fair window', outcome: 'ignored', removed: true },
      { value: 'Open source', outcome: 'ignored', removed: true },
    ]);
  });

  it('credits the newest offer that suggested a value, and each addition to one suggestion only', () => {
    const outcomes = outcomesAfter(
      suggested('parameters', ['Daily streaks']),
      suggested('parameters', ['Daily streaks', 'Streak freeze']),
      parameterAdded({ list: 'parameters', value: 'Daily streaks' }),
    );
    expect(outcomes.get(0)).toEqual([{ value: 'Daily streaks', outcome: 'ignored' }]);
    expect(outcomes.get(1)).toEqual([
      { value: 'Daily streaks', outcome: 'accepted' },
      { value: 'Streak freeze', outcome: 'ignored' },
    ]);
  });

  it("follows the builder's categories by the kind the suggestions were asked for", () =>
    expect(
      outcomesAfter(suggested(null, ['Pride in craft', 'Awe']), {
        type: 'BuilderParameterAdded',
        data: { projectId, category: 'emotion', step: 4, value: 'Pride in local craft', typed: null, activated: true },
      }).get(0),
    ).toEqual([
      { value: 'Pride in craft', outcome: 'edited', addedAs: 'Pride in local craft' },
      { value: 'Awe', outcome: 'ignored' },
    ]));
});

describe('an edit keeps most of what was suggested', () => {
  it.each([
    ['Streaks', 'Daily streaks', true],
    ['Daily streaks', 'Weekly streaks', true],
    ['Fair window', 'Open source', false],
    ['Pride in craft', 'Awe', false],
    ['Pride in craft', 'Fun in groups', false],
  ])('%s → %s: %s', (suggestion, addedValue, expected) => expect(isEditOf(suggestion, addedValue)).toBe(expected));
});
