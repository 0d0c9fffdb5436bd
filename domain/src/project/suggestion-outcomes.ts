import { builderCategoryOfKind } from './builder.ts';

/**
 * What became of the AI's suggestions, for analysts reading a history (GET /api/projects/{id}/history): each
 * suggested value was accepted (added as suggested), edited (added in a changed form) or ignored (never added,
 * or added and then removed: the guided Generate adds its suggestions at once, so removing one is how a user
 * turns it down there). A fold over the project's stream, like `evolveProject`: an outcome can change with
 * any later event, so it is only final at the stream's end.
 */
export const SUGGESTION_OUTCOMES = ['accepted', 'edited', 'ignored'] as const;
export type SuggestionOutcomeKind = (typeof SUGGESTION_OUTCOMES)[number];

export interface SuggestionOutcome {
  value: string;
  outcome: SuggestionOutcomeKind;
  /** The value as the user added it, when they edited it. */
  addedAs?: string;
  /** It was added, then removed. */
  removed?: boolean;
}

interface Offer {
  revision: number;
  /** The guided list or the builder's category the suggestions were for. */
  target: string;
  suggestions: SuggestionOutcome[];
}

/** The offers made so far, oldest first. */
export type SuggestionTrail = readonly Offer[];

export const initialSuggestionTrail = (): SuggestionTrail => [];

/** The part of a recorded event the fold reads. */
export interface SuggestionTrailEvent {
  type: string;
  revision: bigint | number;
  data: unknown;
}

/** The words that carry meaning: 'in', 'of', 'a' would make 'Pride in craft' an edit of 'Fun in groups'. */
const words = (text: string) => {
  const all = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const long = all.filter((word) => word.length > 2);
  return new Set(long.length > 0 ? long : all);
};
const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * An edit keeps at least half the words of the shorter text: 'Streaks' → 'Daily streaks', 'Daily streaks' →
 * 'Weekly streaks', 'Pride in craft' → 'Pride in local craft'.
 */
export const isEditOf = (suggested: string, added: string) => {
  const a = words(suggested);
  const b = words(added);
  if (a.size === 0 || b.size === 0) return false;
  const common = [...a].filter((word) => b.has(word)).length;
  return common / Math.min(a.size, b.size) >= 0.5;
};

const isOpen = (suggestion: SuggestionOutcome) => suggestion.outcome === 'ignored' && !suggestion.removed;

/** The newest offer for the target with an open suggestion that matches, and that suggestion. */
const findOpen = (trail: SuggestionTrail, target: string, matches: (suggestion: SuggestionOutcome) => boolean) => {
  for (let index = trail.length - 1; index >= 0; index--) {
    const offer = trail[index]!;
    if (offer.target !== target) continue;
    const at = offer.suggestions.findIndex((suggestion) => isOpen(suggestion) && matches(suggestion));
    if (at >= 0) return { index, at };
  }
  return null;
};

const replaceSuggestion = (trail: SuggestionTrail, index: number, at: number, next: SuggestionOutcome): SuggestionTrail =>
  trail.map((offer, i) => (i === index ? { ...offer, suggestions: offer.suggestions.map((s, j) => (j === at ? next : s)) } : offer));

const added = (trail: SuggestionTrail, target: string, value: string): SuggestionTrail => {
  const exact = findOpen(trail, target, (suggestion) => sameText(suggestion.value, value));
  if (exact) return replaceSuggestion(trail, exact.index, exact.at, { value: trail[exact.index]!.suggestions[exact.at]!.value, outcome: 'accepted' });
  const edit = findOpen(trail, target, (suggestion) => isEditOf(suggestion.value, value));
  if (edit) {
    return replaceSuggestion(trail, edit.index, edit.at, {
      value: trail[edit.index]!.suggestions[edit.at]!.value,
      outcome: 'edited',
      addedAs: value,
    });
  }
  return trail;
};

/** A value taken out of the target: the newest suggestion it was added for goes back to ignored, as removed. */
const removed = (trail: SuggestionTrail, target: string, value: string): SuggestionTrail => {
  for (let index = trail.length - 1; index >= 0; index--) {
    const offer = trail[index]!;
    if (offer.target !== target) continue;
    const at = offer.suggestions.findIndex(
      (suggestion) => suggestion.outcome !== 'ignored' && sameText(suggestion.addedAs ?? suggestion.value, value),
    );
    if (at >= 0) return replaceSuggestion(trail, index, at, { value: offer.suggestions[at]!.value, outcome: 'ignored', removed: true });
  }
  return trail;
};

type Data = Record<string, unknown>;
const listTarget = (list: unknown) => `list:${String(list)}`;
const builderTarget = (category: unknown) => `builder:${String(category)}`;

export const evolveSuggestionTrail = (trail: SuggestionTrail, event: SuggestionTrailEvent): SuggestionTrail => {
  const data = event.data as Data;
  switch (event.type) {
    case 'AiSuggestionsGenerated': {
      const category = data.list === null ? builderCategoryOfKind(String(data.kind)) : undefined;
      const target = data.list !== null ? listTarget(data.list) : category ? builderTarget(category) : null;
      if (target === null) return trail;
      const suggestions = (data.suggestions as string[]).map((value): SuggestionOutcome => ({ value, outcome: 'ignored' }));
      return [...trail, { revision: Number(event.revision), target, suggestions }];
    }
    case 'ParameterAdded':
      return added(trail, listTarget(data.list), String(data.value));
    case 'BuilderParameterAdded':
      return added(trail, builderTarget(data.category), String(data.value));
    case 'ParameterRemoved':
      return removed(trail, listTarget(data.list), String(data.value));
    case 'BuilderParameterRemoved':
      return removed(trail, builderTarget(data.category), String(data.value));
    case 'ParametersCleared':
      return (data.values as string[]).reduce((next, value) => removed(next, listTarget(data.list), value), trail);
    case 'BuilderParametersCleared':
      return (data.values as string[]).reduce((next, value) => removed(next, builderTarget(data.category), value), trail);
    default:
      return trail;
  }
};

/** Each offer's outcomes, by the revision of the AiSuggestionsGenerated event that made it. */
export const suggestionOutcomesOf = (trail: SuggestionTrail): Map<number, SuggestionOutcome[]> =>
  new Map(trail.map((offer) => [offer.revision, offer.suggestions]));
