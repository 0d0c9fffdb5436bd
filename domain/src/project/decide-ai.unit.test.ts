import { describe, expect, it } from 'vitest';
import { NO_PARAMETERS_GENERATED } from '../ai/constants.ts';
import { fold } from '../decider.ts';
import { NotFoundError, ValidationError } from '../errors.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import {
  aiSuggestionsGenerated,
  geminiKeyRemoved,
  geminiKeySet,
  geminiKeyVerified,
  offlineAnswer,
  recordAiPrompt,
  recordAiReport,
  recordAiResults,
  recordAiSuggestions,
  recordGeminiKeyVerification,
  removeGeminiKey,
  requestId,
  setGeminiKey,
} from '../testing/project-ai-fixtures.ts';
import { contentOf, now, projectCreated, projectId, projectReset, stranger } from '../testing/project-fixtures.ts';
import { projectDecider } from './decide.ts';
import type { ProjectEvent } from './events.ts';

const given = deciderSpec(projectDecider);
const stateAfter = (...events: ProjectEvent[]) => fold(projectDecider, [projectCreated(), ...events]);

describe('RecordAiSuggestions', () => {
  it('records what was asked, who answered and the suggestions', () =>
    given([projectCreated()]).when(recordAiSuggestions()).then([aiSuggestionsGenerated()]));

  it('trims the suggestions and drops repeats that differ only in case or punctuation', () =>
    given([projectCreated()])
      .when(recordAiSuggestions({ suggestions: [' FOMO ', 'fomo!', 'Scarcity', ''] }))
      .then([aiSuggestionsGenerated({ suggestions: ['FOMO', 'Scarcity'] })]));

  it("refuses an empty answer with the spec's 'No parameters generated'", () =>
    given([projectCreated()])
      .when(recordAiSuggestions({ suggestions: ['  ', ''] }))
      .thenThrows(ValidationError, NO_PARAMETERS_GENERATED));

  it("answers 'not found' for another owner's project", () =>
    given([projectCreated()]).when(recordAiSuggestions({}, stranger)).thenThrows(NotFoundError));

  it('answers not found before the project exists', () => given([]).when(recordAiSuggestions()).thenThrows(NotFoundError));

  it('refuses an oversized record of what was asked', () =>
    given([projectCreated()])
      .when(recordAiSuggestions({ asked: { prompt: 'x'.repeat(60_000) } }))
      .thenThrows(ValidationError, /asked/));

  it('leaves the project as it was: suggestions are not parameters', () =>
    expect(contentOf(stateAfter(aiSuggestionsGenerated()))).toEqual(contentOf(stateAfter())));
});

describe('RecordAiPrompt, RecordAiReport, RecordAiResults', () => {
  it('records a final prompt with its audit findings (none when the model gave none)', () =>
    given([projectCreated()])
      .when(recordAiPrompt({ prompts: [' Build a tip wall '] }))
      .then([
        {
          type: 'AiPromptGenerated',
          data: {
            projectId,
            requestId,
            asked: {},
            ai: { ...offlineAnswer, promptVersion: 'final-prompt@1' },
            generatedAt: now,
            use: 'finalPrompt',
            prompts: ['Build a tip wall'],
            incompatibleParameters: [],
          },
        },
      ]));

  it('refuses a prompt with no text', () =>
    given([projectCreated()])
      .when(recordAiPrompt({ prompts: [' '] }))
      .thenThrows(ValidationError));

  it('records an audit as a report', () => {
    const [event] = projectDecider.decide(recordAiReport(), stateAfter());
    expect(event).toMatchObject({ type: 'AiReportGenerated', data: { use: 'parameterAudit', requestId, generatedAt: now } });
  });

  it('records the results of a query', () =>
    given([projectCreated()])
      .when(recordAiResults())
      .then([
        {
          type: 'AiResultsGenerated',
          data: {
            projectId,
            requestId,
            asked: { query: 'Who tips?' },
            ai: { ...offlineAnswer, promptVersion: 'process-query@1' },
            generatedAt: now,
            use: 'processQuery',
            results: { answer: 'Fans' },
          },
        },
      ]));

  it.each([recordAiPrompt({}, stranger), recordAiReport({}, stranger), recordAiResults({}, stranger)])(
    "answers 'not found' to a stranger (%#)",
    (command) => given([projectCreated()]).when(command).thenThrows(NotFoundError),
  );
});

describe('SetGeminiKey', () => {
  it('records only the last four characters, and the key as pending verification', () => {
    given([projectCreated()]).when(setGeminiKey()).then([geminiKeySet()]);
    expect(stateAfter(geminiKeySet())).toMatchObject({ aiKeyStatus: 'Pending', aiKey: { keyId: 'key-1', lastFour: 'wxyz' } });
  });

  it('refuses anything longer than four characters, so no code path can log a key', () =>
    given([projectCreated()])
      .when(setGeminiKey('AIzaSyKEY-wxyz'))
      .thenThrows(ValidationError, /last 4 characters/));

  it('names the key it replaces', () =>
    given([projectCreated(), geminiKeySet()])
      .when(setGeminiKey('abcd', 'key-2'))
      .then([geminiKeySet('abcd', 'key-2', 'wxyz')]));

  it('does nothing for the same key again', () => given([projectCreated(), geminiKeySet()]).when(setGeminiKey()).thenNothingHappened());

  it("answers 'not found' to a stranger", () =>
    given([projectCreated()])
      .when(setGeminiKey('wxyz', 'key-1', stranger))
      .thenThrows(NotFoundError));
});

describe('RecordGeminiKeyVerification', () => {
  it('makes a verified key Valid', () => {
    given([projectCreated(), geminiKeySet()])
      .when(recordGeminiKeyVerification(true))
      .then([geminiKeyVerified(true)]);
    expect(stateAfter(geminiKeySet(), geminiKeyVerified(true))).toMatchObject({ aiKeyStatus: 'Valid' });
  });

  it('makes a refused key Invalid', () =>
    expect(stateAfter(geminiKeySet(), geminiKeyVerified(false))).toMatchObject({ aiKeyStatus: 'Invalid', aiKey: { lastFour: 'wxyz' } }));

  it('ignores the verification of a key that has since been replaced', () =>
    given([projectCreated(), geminiKeySet(), geminiKeySet('abcd', 'key-2', 'wxyz')])
      .when(recordGeminiKeyVerification(true, 'key-1'))
      .thenNothingHappened());

  it('ignores a verification once the key is removed', () =>
    given([projectCreated(), geminiKeySet(), geminiKeyRemoved()]).when(recordGeminiKeyVerification(true)).thenNothingHappened());

  it('does not repeat a verdict the project already has', () =>
    given([projectCreated(), geminiKeySet(), geminiKeyVerified(true)])
      .when(recordGeminiKeyVerification(true))
      .thenNothingHappened());
});

describe('RemoveGeminiKey', () => {
  it('removes the key and sets the status back to Not Set', () => {
    given([projectCreated(), geminiKeySet(), geminiKeyVerified(true)])
      .when(removeGeminiKey())
      .then([geminiKeyRemoved()]);
    expect(stateAfter(geminiKeySet(), geminiKeyVerified(true), geminiKeyRemoved())).toMatchObject({ aiKeyStatus: 'Not Set', aiKey: null });
  });

  it('does nothing when there is no key', () => given([projectCreated()]).when(removeGeminiKey()).thenNothingHappened());

  it('a project reset forgets the key too (the settings reset sets the status back to Not Set)', () =>
    expect(stateAfter(geminiKeySet(), geminiKeyVerified(true), projectReset())).toMatchObject({ aiKeyStatus: 'Not Set', aiKey: null }));
});
