import {
  GUIDED_PARAMETER_KINDS,
  ideaConceptSchema,
  MAX_NOTE_LENGTH,
  MAX_PARAMETER_LENGTH,
  MAX_PROJECT_NAME_LENGTH,
  MIN_PARAMETER_LENGTH,
  PARAMETER_LISTS,
  parameterKey,
  STAGE_TITLES,
  truncateWords,
  withoutUnsafeCharacters,
  withoutUnsafeTextCharacters,
  type FlowStage,
  type IdeaConcept,
  type IncompatibleParameter,
  type ParameterListName,
} from '@vis/domain';
import { AiProviderError, type AiContext, type QuickIdea, type StageFieldValue } from './provider.ts';

/** Cleaning a model's answer is the same for both adapters: what reaches the user has been through here. */
const emptyAnswer = () => new AiProviderError('empty', 'The answer had nothing usable in it');

/**
 * Suggestions as a user may add them: trimmed, cut to the word limit, at least a parameter's minimum length,
 * none repeated and none excluded (compared without case or punctuation), at most `count`.
 */
/**
 * A list marker a model may put before an item ('- ', '• ', '3. ', '2) '): a number counts only when '.' or ')'
 * and a space follow it, so that '10% of daily tips' and '3D avatars' keep their numbers.
 */
const LIST_MARKER = /^\s*(?:[-*•]+\s*|\d+[.)]\s+)?/;

export const cleanSuggestions = (
  suggestions: readonly string[],
  { count, maxWords, exclude }: { count: number; maxWords: number; exclude: readonly string[] },
) => {
  const taken = new Set(exclude.map(parameterKey));
  const kept: string[] = [];
  for (const suggestion of suggestions) {
    const text = truncateWords(suggestion.replace(LIST_MARKER, ''), maxWords).slice(0, MAX_PARAMETER_LENGTH).trim();
    const key = parameterKey(text);
    if (text.length < MIN_PARAMETER_LENGTH || key === '' || taken.has(key)) continue;
    taken.add(key);
    kept.push(text);
    if (kept.length === count) break;
  }
  if (kept.length === 0) throw emptyAnswer();
  return kept;
};

export const requireText = (text: string) => {
  if (text.trim() === '') throw emptyAnswer();
  return text.trim();
};

/** All the project's parameters, by comparison key, with the text as stored. */
const parametersByKey = (context: AiContext) => {
  const byKey = new Map<string, string>();
  for (const parameter of [...context.parameters, ...Object.values(context.lists).flat()]) byKey.set(parameterKey(parameter), parameter);
  return byKey;
};

/**
 * The audit names parameters the user can Remove (spec 01 §4 Summary): a finding that names no parameter of
 * the project would answer 'Parameter Not Found', so only real ones are kept, spelled as the project has them.
 */
export const auditedAgainst = (context: AiContext, findings: readonly IncompatibleParameter[]): IncompatibleParameter[] => {
  const known = parametersByKey(context);
  const seen = new Set<string>();
  return findings.flatMap((finding) => {
    const key = parameterKey(finding.parameter);
    const parameter = known.get(key);
    if (!parameter || seen.has(key)) return [];
    seen.add(key);
    return [{ parameter, reason: finding.reason.trim() || 'Incompatible with the idea' }];
  });
};

/** The context without the parameters a modified prompt leaves out. */
export const withoutParameters = (context: AiContext, removed: readonly string[]): AiContext => {
  const gone = new Set(removed.map(parameterKey));
  const keep = (values: readonly string[]) => values.filter((value) => !gone.has(parameterKey(value)));
  return {
    ...context,
    parameters: keep(context.parameters),
    lists: Object.fromEntries(
      Object.entries(context.lists)
        .map(([list, values]) => [list, keep(values ?? [])] as const)
        .filter(([, values]) => values.length > 0),
    ),
  };
};

const asList = (value: StageFieldValue | undefined): string[] => {
  if (value === undefined) return [];
  if (typeof value === 'string')
    return value
      .split(/\n+/)
      .map((line) => line.replace(/^[\s\-*•\d.)]+/, '').trim())
      .filter(Boolean);
  return value.map((item) => (typeof item === 'string' ? item : item.name));
};

const asConcepts = (value: StageFieldValue | undefined): IdeaConcept[] => {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const parsed = ideaConceptSchema.safeParse(item);
    return parsed.success && parsed.data.name.trim() ? [{ ...parsed.data, name: parsed.data.name.trim() }] : [];
  });
};

/**
 * A flow stage's results in the stage's own fields and shapes: prose joined, lists split and cleaned (the
 * project's lists' values excluded), concepts checked; fields the stage does not have are dropped.
 */
export const stageResults = (stage: FlowStage, fields: Record<string, StageFieldValue>, context: AiContext) => {
  const results: Record<string, StageFieldValue> = {};
  for (const [field, shape] of Object.entries(stage.extractionFields)) {
    const value = fields[field];
    if (shape === 'text') {
      results[field] = typeof value === 'string' ? value.trim() : asList(value).join('\n');
    } else if (shape === 'concepts') {
      results[field] = asConcepts(value);
    } else {
      const kind = (GUIDED_PARAMETER_KINDS as Record<string, { maxWords: number } | undefined>)[field];
      const items = asList(value);
      results[field] =
        items.length === 0
          ? []
          : safeClean(items, { count: 20, maxWords: kind?.maxWords ?? 12, exclude: context.lists[field as ParameterListName] ?? [] });
    }
  }
  const filled = Object.values(results).some((value) => value.length > 0);
  if (!filled) throw emptyAnswer();
  return results;
};

const safeClean = (items: readonly string[], options: Parameters<typeof cleanSuggestions>[1]) => {
  try {
    return cleanSuggestions(items, options);
  } catch {
    return [];
  }
};

/**
 * A quick idea as project data (the shape POST /api/projects takes as `project` and `stages`): stages 1 to 5 in
 * the project's own field names. The quick-idea route puts it into a project itself.
 */
export const quickProjectData = (idea: QuickIdea, context: AiContext) => {
  const lists: Partial<Record<ParameterListName, string[]>> = {};
  for (const [list, values] of Object.entries(idea.lists) as [ParameterListName, string[]][]) {
    if (list === 'parameters' || !(list in GUIDED_PARAMETER_KINDS)) continue;
    const cleaned = safeClean(values, { count: 20, maxWords: GUIDED_PARAMETER_KINDS[list].maxWords, exclude: [] });
    if (cleaned.length > 0) lists[list] = cleaned;
  }
  const concepts = asConcepts(idea.concepts);
  if (Object.keys(lists).length === 0 && concepts.length === 0) throw emptyAnswer();
  const stageData = (stage: 1 | 2) =>
    Object.fromEntries(Object.entries(lists).filter(([list]) => PARAMETER_LISTS[list as ParameterListName].stage === stage));
  const notes = (fields: readonly string[]) =>
    Object.fromEntries(
      fields.map((field) => [
        field,
        // Cut to the project's limits, not refused: the server puts the idea into a project with it.
        withoutUnsafeTextCharacters((idea.notes as Record<string, string | undefined>)[field] ?? '')
          .trim()
          .slice(0, MAX_NOTE_LENGTH),
      ]),
    );
  const data = {
    1: stageData(1),
    2: stageData(2),
    3: { ideaConcepts: concepts, selectedConceptIndex: concepts.length > 0 ? 0 : null },
    4: notes(['selectedIdeaName', 'rewardSource', 'rewardFlow', 'sustainabilityCheck', 'externalitiesCheck']),
    5: notes(['finalConceptName', 'oneLinerPitch', 'detailedDescription', 'viralLoopExplained', 'sustainabilityLoopExplained']),
  };
  return {
    name:
      withoutUnsafeCharacters(idea.projectName).trim().slice(0, MAX_PROJECT_NAME_LENGTH).trim() ||
      context.projectName ||
      concepts[0]?.name ||
      'Quick Idea',
    coreIdea: context.coreIdea,
    parameters: context.parameters,
    currentStageIndex: 1,
    stages: ([1, 2, 3, 4, 5] as const).map((stageNumber) => ({ stageNumber, title: STAGE_TITLES[stageNumber], data: data[stageNumber] })),
  };
};
