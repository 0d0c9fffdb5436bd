import type {
  RecordAiPrompt,
  RecordAiReport,
  RecordAiResults,
  RecordAiSuggestions,
  RecordGeminiKeyVerification,
  RemoveGeminiKey,
  SetGeminiKey,
} from '../project/ai-commands.ts';
import type { AiAnswer, AiSuggestionsGenerated, GeminiKeyRemoved, GeminiKeySet, GeminiKeyVerified } from '../project/ai-events.ts';
import { metadata, now, owner, projectId } from './project-fixtures.ts';

/** Fixed test data for the AI gateway's project commands, beside project-fixtures.ts. */
export const offlineAnswer: AiAnswer = { provider: 'offline', model: 'offline-generator', promptVersion: 'parameters@1', ownKey: false };
export const requestId = 'ai-request-1';

export const recordAiSuggestions = (data: Partial<RecordAiSuggestions['data']> = {}, actorId = owner): RecordAiSuggestions => ({
  type: 'RecordAiSuggestions',
  data: {
    projectId,
    requestId,
    use: 'parameters',
    list: 'viralParameters',
    kind: 'viralParameters',
    asked: { count: 10, excluded: [] },
    ai: offlineAnswer,
    suggestions: ['FOMO', 'Scarcity'],
    ...data,
  },
  metadata: metadata(actorId),
});

export const aiSuggestionsGenerated = (data: Partial<AiSuggestionsGenerated['data']> = {}): AiSuggestionsGenerated => ({
  type: 'AiSuggestionsGenerated',
  data: {
    projectId,
    requestId,
    asked: { count: 10, excluded: [] },
    ai: offlineAnswer,
    generatedAt: now,
    use: 'parameters',
    list: 'viralParameters',
    kind: 'viralParameters',
    suggestions: ['FOMO', 'Scarcity'],
    ...data,
  },
});

export const recordAiPrompt = (data: Partial<RecordAiPrompt['data']> = {}, actorId = owner): RecordAiPrompt => ({
  type: 'RecordAiPrompt',
  data: {
    projectId,
    requestId,
    use: 'finalPrompt',
    asked: {},
    ai: { ...offlineAnswer, promptVersion: 'final-prompt@1' },
    prompts: ['Build a tip wall'],
    ...data,
  },
  metadata: metadata(actorId),
});

export const recordAiReport = (data: Partial<RecordAiReport['data']> = {}, actorId = owner): RecordAiReport => ({
  type: 'RecordAiReport',
  data: {
    projectId,
    requestId,
    use: 'parameterAudit',
    asked: {},
    ai: { ...offlineAnswer, promptVersion: 'parameter-audit@1' },
    report: {
      technicalSpecifications: { architecture: '', frontend: '', backend: '', database: '', api: '', security: '', scalability: '' },
      prototypeStructure: { mvpDefinition: '', coreFeatures: [], implementation: '', timeline: '', testing: '' },
      implementationPlan: { phases: [], resources: [], roadmap: '', risks: [], metrics: [] },
      parameterAudit: { incompatibleParameters: [{ parameter: 'No Externalities', reason: 'needs a payment processor' }] },
      detailedIdea: '',
    },
    ...data,
  },
  metadata: metadata(actorId),
});

export const recordAiResults = (data: Partial<RecordAiResults['data']> = {}, actorId = owner): RecordAiResults => ({
  type: 'RecordAiResults',
  data: {
    projectId,
    requestId,
    use: 'processQuery',
    asked: { query: 'Who tips?' },
    ai: { ...offlineAnswer, promptVersion: 'process-query@1' },
    results: { answer: 'Fans' },
    ...data,
  },
  metadata: metadata(actorId),
});

export const setGeminiKey = (lastFour = 'wxyz', keyId = 'key-1', actorId = owner): SetGeminiKey => ({
  type: 'SetGeminiKey',
  data: { projectId, keyId, lastFour },
  metadata: metadata(actorId),
});
export const recordGeminiKeyVerification = (valid: boolean, keyId = 'key-1', actorId = owner): RecordGeminiKeyVerification => ({
  type: 'RecordGeminiKeyVerification',
  data: { projectId, keyId, valid },
  metadata: metadata(actorId),
});
export const removeGeminiKey = (actorId = owner): RemoveGeminiKey => ({ type: 'RemoveGeminiKey', data: { projectId }, metadata: metadata(actorId) });

export const geminiKeySet = (lastFour = 'wxyz', keyId = 'key-1', previousLastFour: string | null = null): GeminiKeySet => ({
  type: 'GeminiKeySet',
  data: { projectId, keyId, lastFour, previousLastFour, setAt: now },
});
export const geminiKeyVerified = (valid: boolean, keyId = 'key-1', lastFour = 'wxyz'): GeminiKeyVerified => ({
  type: 'GeminiKeyVerified',
  data: { projectId, keyId, lastFour, valid, verifiedAt: now },
});
export const geminiKeyRemoved = (keyId = 'key-1', lastFour = 'wxyz'): GeminiKeyRemoved => ({
  type: 'GeminiKeyRemoved',
  data: { projectId, keyId, lastFour, removedAt: now },
});
