import {
  BUILDER_CATEGORIES,
  BUILDER_STEPS,
  builderCategoryOfKind,
  builderStepName,
  PARAMETER_LISTS,
  type BuilderCategory,
  type IdeaPublished,
  type ParameterListName,
  type ProjectEvent,
} from '@vis/domain';

/** History lines quote what the user typed; long texts are cut so one line stays one line. */
const MAX_QUOTE = 60;
const quote = (text: string) => `'${text.length > MAX_QUOTE ? `${text.slice(0, MAX_QUOTE - 1)}…` : text}'`;

const listLabel = (list: ParameterListName) => PARAMETER_LISTS[list].title.replace(/^Common /, '').toLowerCase();
const categoryLabel = (category: BuilderCategory) => BUILDER_CATEGORIES[category].title.toLowerCase();
const minutes = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
const via = (offline: boolean) => (offline ? ' (offline)' : '');

const DRAFT_CHOICE_LABELS = {
  keep: 'Kept their text over the AI proposal',
  replace: 'Replaced their text with the AI proposal',
  append: 'Appended the AI proposal',
} as const;

const AI_USE_LABELS: Record<string, string> = {
  enhancedPrompt: 'an enhanced prompt',
  finalPrompt: 'the final prompt',
  modifiedPrompt: 'a modified prompt',
  promptSequence: 'a prompt sequence',
  technicalReport: 'a technical report',
  parameterAudit: 'a parameter compatibility audit',
  processQuery: 'an answer to a query',
  ideaStage: 'an idea stage',
  quickIdea: 'a quick idea',
};

/**
 * One human sentence per project event for the history. Gemini key events never name the key, not even its
 * last characters: the history is a list anyone at the screen reads.
 */
/** A stage note's field as the screens name it: 'webpageElements' → 'the webpage elements'. */
const NOTE_LABELS: Record<string, string> = {
  oneLinerPitch: 'one-line pitch',
  selectedIdeaName: 'selected idea',
  viralLoopExplained: 'viral loop',
  sustainabilityLoopExplained: 'sustainability loop',
  keyAssumptionsRisks: 'key assumptions and risks',
  whyMicro: 'why it stays micro',
  whyNoExternalities: 'why it needs nothing outside',
};
const noteLabel = (field: string) => `the ${NOTE_LABELS[field] ?? field.replace(/([A-Z])/g, ' $1').toLowerCase()}`;

/** Publishing is the idea's event, not the project's: its line names the idea as the marketplace shows it. */
export const summarizePublished = (event: IdeaPublished): string => `Published the idea ${quote(event.data.title)} to the marketplace`;

/** How many values an Undo of a removal brought back (those the list had not gained again meanwhile). */
const undidRemoval = ({ values, previous }: { values: string[]; previous: string[] }, target: string) =>
  `Undid a removal: ${plural(values.filter((value) => !previous.includes(value)).length, 'parameter')} back in ${target}`;

export const summarize = (event: ProjectEvent): string => {
  switch (event.type) {
    case 'ProjectCreated':
      return `Created the ${event.data.kind === 'builder' ? 'builder ' : ''}project ${quote(event.data.name)}`;
    case 'ProjectRenamed':
      if (event.data.fromCoreIdea) return `Named the project ${quote(event.data.name)} after its core idea`;
      return `Renamed the project from ${quote(event.data.previousName)} to ${quote(event.data.name)}`;
    case 'ProjectTransferred':
      return 'Kept the project on signing in';
    case 'ProjectDeleted':
      return `Deleted the project ${quote(event.data.name)}`;
    case 'CoreIdeaChanged':
      return event.data.coreIdea ? `Changed the core idea to ${quote(event.data.coreIdea)}` : 'Cleared the core idea';
    case 'ParameterAdded':
      return `Added ${quote(event.data.value)} to ${listLabel(event.data.list)}`;
    case 'ParameterRemoved':
      return `Removed ${quote(event.data.value)} from ${listLabel(event.data.list)}${event.data.reason === 'audit' ? ' (compatibility audit)' : ''}`;
    case 'ParametersCleared':
      return `Cleared ${plural(event.data.values.length, 'parameter')} from ${listLabel(event.data.list)}`;
    case 'AuditFindingResolved':
      return `Resolved the audit finding on ${quote(event.data.parameter)}`;
    case 'StageNotesUpdated':
      return `Updated ${Object.keys(event.data.fields).map(noteLabel).join(', ') || 'the notes'} on stage ${event.data.stage}`;
    case 'AudienceSegmentAdded':
      return `Added the audience segment ${quote(event.data.segment.name)}`;
    case 'AudienceSegmentRemoved':
      return `Removed the audience segment ${quote(event.data.segment.name)}`;
    case 'ConceptsProposed':
      return `Proposed ${plural(event.data.concepts.length, 'concept')}`;
    case 'ConceptSelected':
      return `Selected the concept ${quote(event.data.conceptName)}`;
    case 'ConceptUpdated':
      return `Edited the concept ${quote(event.data.concept.name)}`;
    case 'ConceptRemoved':
      return `Removed the concept ${quote(event.data.concept.name)}`;
    case 'StageDraftsProposed':
      return `AI proposed ${Object.keys(event.data.proposals).map(noteLabel).join(', ')} on stage ${event.data.stage}`;
    case 'DraftProposalResolved':
      return `${DRAFT_CHOICE_LABELS[event.data.choice]} on ${noteLabel(event.data.field)} (stage ${event.data.stage})`;
    case 'StageAdvanced':
      return `Advanced from stage ${event.data.fromStage}${event.data.skippedValidation ? ' (validation skipped)' : ''}`;
    case 'CurrentStageChanged':
      return `Went from stage ${event.data.previousStage} to stage ${event.data.stage}`;
    case 'StageReset':
      return `Reset stage ${event.data.stage}`;
    case 'ProjectReset':
      return 'Reset the whole project';
    case 'ProjectImported':
      return `Imported the project ${quote(event.data.snapshot.name)}`;
    case 'ProjectVersionRestored':
      return `Restored the version of revision ${event.data.revision}`;
    case 'ProjectRestored':
      return `Restored the project ${quote(event.data.content.name)} from the trash`;
    case 'ParametersRestored':
      return undidRemoval(event.data, listLabel(event.data.list));
    case 'TechnicalReportRecorded':
      return 'Saved the technical report';
    case 'FinalPromptRecorded':
      return 'Saved the final prompt';
    case 'AiSuggestionsGenerated': {
      const { list, kind, suggestions } = event.data;
      const category = list ? undefined : builderCategoryOfKind(kind);
      // A builder kind is an internal name ('coreTechnology'): the history names the step's category instead.
      const target = list ? listLabel(list) : category ? `values for ${categoryLabel(category)}` : 'values';
      return `AI suggested ${suggestions.length} ${target}${via(event.data.ai.provider === 'offline')}`;
    }
    case 'AiPromptGenerated':
    case 'AiReportGenerated':
    case 'AiResultsGenerated':
      return `AI generated ${AI_USE_LABELS[event.data.use] ?? event.data.use}${via(event.data.ai.provider === 'offline')}`;
    case 'GeminiKeySet':
      return 'Set the project Gemini key';
    case 'GeminiKeyVerified':
      return event.data.valid ? 'Verified the Gemini key: valid' : 'Verified the Gemini key: invalid';
    case 'GeminiKeyRemoved':
      return 'Removed the project Gemini key';
    case 'BuilderCoreIdeaChanged':
      return event.data.coreIdea ? `Changed the builder's core idea to ${quote(event.data.coreIdea)}` : "Cleared the builder's core idea";
    case 'BuilderViralMechanicsChanged':
      return event.data.viralMechanics ? `Changed the viral mechanics to ${quote(event.data.viralMechanics)}` : 'Cleared the viral mechanics';
    case 'BuilderParameterAdded':
      return `Added ${quote(event.data.value)} to ${categoryLabel(event.data.category)}${event.data.typed === null ? '' : ' (cut to the word limit)'}`;
    case 'BuilderParameterRemoved':
      return `Removed ${quote(event.data.value)} from ${categoryLabel(event.data.category)}`;
    case 'BuilderParametersCleared':
      return `Cleared ${plural(event.data.values.length, 'parameter')} from ${categoryLabel(event.data.category)}`;
    case 'BuilderParametersRestored':
      return undidRemoval(event.data, categoryLabel(event.data.category));
    case 'BuilderStepCompleted':
      return `Completed step ${event.data.step}, ${builderStepName(event.data.step)}`;
    case 'BuilderCurrentStepChanged':
      return `Went from step ${event.data.previousStep} to step ${event.data.step}, ${builderStepName(event.data.step)}`;
    case 'BuilderPromptRecorded':
      return event.data.previousPrompt ? 'Replaced the enhanced prompt' : 'Saved the enhanced prompt';
    case 'BuilderFinished':
      return `Finished the viral idea in ${minutes(event.data.timeSpentSeconds)} (${event.data.completedSteps.length} of ${BUILDER_STEPS.length} steps complete)`;
    case 'BuilderReopened':
      return 'Went back to the editor';
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
};

/** The moment the event names in its data (every project event carries one), else when it was stored. */
const TIME_FIELDS = [
  'createdAt',
  'transferredAt',
  'renamedAt',
  'changedAt',
  'addedAt',
  'removedAt',
  'clearedAt',
  'resolvedAt',
  'updatedAt',
  'proposedAt',
  'selectedAt',
  'advancedAt',
  'resetAt',
  'importedAt',
  'recordedAt',
  'generatedAt',
  'setAt',
  'verifiedAt',
  'publishedAt',
  'restoredAt',
] as const;

export const occurredAt = (data: Record<string, unknown>, metadata: Record<string, unknown>, stored: Date): string => {
  for (const field of TIME_FIELDS) if (typeof data[field] === 'string') return data[field];
  // Commands keep their time in the events' metadata as `at` (handleCommand).
  for (const field of ['at', 'now']) if (typeof metadata[field] === 'string') return metadata[field];
  return stored.toISOString();
};
