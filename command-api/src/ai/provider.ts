import type {
  AiProviderName,
  BuilderCategory,
  BuilderParameterKind,
  FlowStage,
  GuidedParameterList,
  IdeaConcept,
  IncompatibleParameter,
  ParameterKind,
  ParameterListName,
  TechnicalReport,
} from '@vis/domain';

/**
 * What the AI is told about the idea: the project's core idea and what earlier stages hold. Built from the
 * project when the call names one, else from what the caller sent.
 */
export interface AiContext {
  projectName: string;
  coreIdea: string;
  /** The project's global parameter tags. */
  parameters: string[];
  /** Stage 1 and 2 parameter lists that have values. */
  lists: Partial<Record<ParameterListName, string[]>>;
  audienceSegments: string[];
  concept: IdeaConcept | null;
  /** Stage 4 and 5 texts that have values (rewardSource, oneLinerPitch, targetAudience, webpageCta, …); `NOTE_LABELS` names them. */
  notes: Record<string, string>;
  /** Free context the caller sent along (the flow screen's), as text. */
  extra: string;
  /** A nine-step builder project's own values, step by step; absent on guided projects. */
  builder?: BuilderContext;
}

/** What the nine-step builder holds (spec 02 §2.7), as the steps name it. */
export interface BuilderContext {
  viralMechanics: string;
  /** Every parameter step in step order, with the values chosen there (possibly none). */
  steps: { step: number; name: string; category: BuilderCategory; values: string[] }[];
}

export type StageFieldValue = string | string[] | IdeaConcept[];

/** A quick idea: a whole project's stage data at once (spec 01 §7 quick-generate-idea). */
export interface QuickIdea {
  projectName: string;
  lists: Partial<Record<ParameterListName, string[]>>;
  concepts: IdeaConcept[];
  notes: Record<string, string>;
}

/** Every use of the AI: its input and the output both adapters must give. */
export interface AiTasks {
  parameters: {
    input: { context: AiContext; list: GuidedParameterList; kind: ParameterKind; count: number; exclude: string[] };
    output: { parameters: string[] };
  };
  builderParameter: {
    input: { context: AiContext; kind: BuilderParameterKind; prompt: string; count: number; maxWords: number; exclude: string[] };
    output: { parameters: string[] };
  };
  /** The builder's step 8: the prompt, and the analysis report (spec 02 §2.7) when the model wrote one. */
  enhancedPrompt: { input: { context: AiContext }; output: { enhancedPrompt: string; analysisReport?: string } };
  technicalReport: { input: { context: AiContext }; output: TechnicalReport };
  finalPrompt: { input: { context: AiContext }; output: { finalPrompt: string; incompatibleParameters: IncompatibleParameter[] } };
  parameterAudit: { input: { context: AiContext }; output: { incompatibleParameters: IncompatibleParameter[] } };
  modifiedPrompt: { input: { context: AiContext; existingPrompt: string; removeParameters: string[] }; output: { finalPrompt: string } };
  processQuery: { input: { context: AiContext; query: string; stage: FlowStage }; output: { response: string; suggestions: string[] } };
  promptSequence: { input: { context: AiContext; stage: FlowStage; input: string; config: Record<string, unknown> }; output: { prompts: string[] } };
  ideaStage: {
    input: { context: AiContext; stage: FlowStage; prompt: string; focusOn: string; iterations: number; quick: boolean };
    output: { fields: Record<string, StageFieldValue>; summary: string };
  };
  quickIdea: { input: { context: AiContext }; output: QuickIdea };
}

export type AiUse = keyof AiTasks;
export type AiInput<U extends AiUse> = AiTasks[U]['input'];
export type AiOutput<U extends AiUse> = AiTasks[U]['output'];

export interface AiAnswerOf<U extends AiUse> {
  output: AiOutput<U>;
  /** `<prompt module>@<version>` for Gemini, `offline-<use>@<version>` for the offline generator. */
  promptVersion: string;
}

/** The port: one model behind it (Gemini with a key, or the built-in offline generator). */
export interface AiProvider {
  readonly name: AiProviderName;
  readonly model: string;
  run<U extends AiUse>(use: U, input: AiInput<U>, options?: { signal?: AbortSignal }): Promise<AiAnswerOf<U>>;
}

export type AiFailureReason = 'network' | 'timeout' | 'rejected' | 'blocked' | 'malformed' | 'empty';

/** A model call that gave nothing usable. Its message never carries a key. */
export class AiProviderError extends Error {
  override readonly name = 'AiProviderError';
  constructor(
    readonly reason: AiFailureReason,
    message: string,
  ) {
    super(message);
  }
}
