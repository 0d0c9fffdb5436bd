import { GEMINI_KEY_VISIBLE_CHARACTERS, MAX_ASKED_LENGTH, NO_PARAMETERS_GENERATED } from '../ai/constants.ts';
import { parameterKey } from '../ai/parameter-kinds.ts';
import type { CommandMetadata } from '../decider.ts';
import { NotFoundError, ValidationError } from '../errors.ts';
import type {
  ProjectAiCommand,
  RecordAiPrompt,
  RecordAiReport,
  RecordAiResults,
  RecordAiSuggestions,
  RecordGeminiKeyVerification,
  RemoveGeminiKey,
  SetGeminiKey,
} from './ai-commands.ts';
import type { AiAnswer, ProjectAiEvent } from './ai-events.ts';
import { MAX_PARAMETER_LENGTH } from './constants.ts';
import type { ActiveProjectState, ProjectState } from './state.ts';

export const decideProjectAi = (command: ProjectAiCommand, state: ProjectState): ProjectAiEvent[] => {
  switch (command.type) {
    case 'RecordAiSuggestions':
      return recordAiSuggestions(command, state);
    case 'RecordAiPrompt':
      return recordAiPrompt(command, state);
    case 'RecordAiReport':
      return recordAiReport(command, state);
    case 'RecordAiResults':
      return recordAiResults(command, state);
    case 'SetGeminiKey':
      return setGeminiKey(command, state);
    case 'RecordGeminiKeyVerification':
      return recordGeminiKeyVerification(command, state);
    case 'RemoveGeminiKey':
      return removeGeminiKey(command, state);
    default: {
      const unhandled: never = command;
      throw new Error(`unknown command ${(unhandled as { type: string }).type}`);
    }
  }
};

/** Another owner's project is reported as missing, as everywhere else, so that ids cannot be probed. */
const ownedProject = (state: ProjectState, { projectId }: { projectId: string }, { actorId }: CommandMetadata): ActiveProjectState => {
  if (state.status !== 'active' || state.ownerId !== actorId) throw new NotFoundError('project', projectId);
  return state;
};

type OutcomeCommand = { data: { projectId: string; requestId: string; asked: Record<string, unknown>; ai: AiAnswer }; metadata: CommandMetadata };

const outcomeOf = ({ data, metadata }: OutcomeCommand) => {
  if (JSON.stringify(data.asked).length > MAX_ASKED_LENGTH)
    throw new ValidationError('asked', `What was asked is longer than ${MAX_ASKED_LENGTH} characters`);
  return { projectId: data.projectId, requestId: data.requestId, asked: data.asked, ai: data.ai, generatedAt: metadata.now };
};

/** Suggestions arrive as the model wrote them: trimmed, cut to a parameter's length, repeats dropped. */
const recordAiSuggestions = (command: RecordAiSuggestions, state: ProjectState): ProjectAiEvent[] => {
  ownedProject(state, command.data, command.metadata);
  const seen = new Set<string>();
  const suggestions = command.data.suggestions
    .map((text) => text.trim().slice(0, MAX_PARAMETER_LENGTH))
    .filter((text) => {
      const key = parameterKey(text);
      if (key === '' || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  if (suggestions.length === 0) throw new ValidationError('suggestions', NO_PARAMETERS_GENERATED);
  const { use, list, kind } = command.data;
  return [{ type: 'AiSuggestionsGenerated', data: { ...outcomeOf(command), use, list, kind, suggestions } }];
};

const recordAiPrompt = (command: RecordAiPrompt, state: ProjectState): ProjectAiEvent[] => {
  ownedProject(state, command.data, command.metadata);
  const prompts = command.data.prompts.map((prompt) => prompt.trim()).filter((prompt) => prompt !== '');
  if (prompts.length === 0) throw new ValidationError('prompts', 'No prompt generated');
  const incompatibleParameters = command.data.incompatibleParameters ?? [];
  return [{ type: 'AiPromptGenerated', data: { ...outcomeOf(command), use: command.data.use, prompts, incompatibleParameters } }];
};

const recordAiReport = (command: RecordAiReport, state: ProjectState): ProjectAiEvent[] => {
  ownedProject(state, command.data, command.metadata);
  return [{ type: 'AiReportGenerated', data: { ...outcomeOf(command), use: command.data.use, report: command.data.report } }];
};

const recordAiResults = (command: RecordAiResults, state: ProjectState): ProjectAiEvent[] => {
  ownedProject(state, command.data, command.metadata);
  return [{ type: 'AiResultsGenerated', data: { ...outcomeOf(command), use: command.data.use, results: command.data.results } }];
};

/**
 * The key itself never reaches the decider: the gateway stores it encrypted and hands in its last characters,
 * which are checked here so that no code path can write more of a key into the log.
 */
const setGeminiKey = ({ data, metadata }: SetGeminiKey, state: ProjectState): ProjectAiEvent[] => {
  const project = ownedProject(state, data, metadata);
  const lastFour = data.lastFour.trim();
  if (lastFour === '' || lastFour.length > GEMINI_KEY_VISIBLE_CHARACTERS) {
    throw new ValidationError('lastFour', `Only the last ${GEMINI_KEY_VISIBLE_CHARACTERS} characters of a key are recorded`);
  }
  if (project.aiKey?.keyId === data.keyId) return [];
  return [
    {
      type: 'GeminiKeySet',
      data: { projectId: data.projectId, keyId: data.keyId, lastFour, previousLastFour: project.aiKey?.lastFour ?? null, setAt: metadata.now },
    },
  ];
};

/** A verification that finishes after the key was replaced or removed speaks of a key the project no longer has. */
const recordGeminiKeyVerification = ({ data, metadata }: RecordGeminiKeyVerification, state: ProjectState): ProjectAiEvent[] => {
  const project = ownedProject(state, data, metadata);
  const key = project.aiKey;
  if (!key || key.keyId !== data.keyId) return [];
  if (project.aiKeyStatus === (data.valid ? 'Valid' : 'Invalid')) return [];
  return [
    {
      type: 'GeminiKeyVerified',
      data: { projectId: data.projectId, keyId: key.keyId, lastFour: key.lastFour, valid: data.valid, verifiedAt: metadata.now },
    },
  ];
};

const removeGeminiKey = ({ data, metadata }: RemoveGeminiKey, state: ProjectState): ProjectAiEvent[] => {
  const key = ownedProject(state, data, metadata).aiKey;
  if (!key) return [];
  return [{ type: 'GeminiKeyRemoved', data: { projectId: data.projectId, keyId: key.keyId, lastFour: key.lastFour, removedAt: metadata.now } }];
};
