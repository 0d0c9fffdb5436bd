/**
 * Business constants and texts of the marketplace, from spec/02-accounts-builder-marketplace.md (§2.6, §2.9,
 * §2.10, §3, §4, §8, §9). Limits the spec does not give are ours and say so.
 */

/** A published idea without a title takes its project's name, and without one this (spec §7). */
export const DEFAULT_IDEA_TITLE = 'My Viral Idea';

/** Ours: as long as a project name may be, since the title defaults to it. */
export const MAX_IDEA_TITLE_LENGTH = 200;
/** Ours: the core idea may be as long as a project's (spec 01 keeps 5000 characters). */
export const MAX_IDEA_TEXT_LENGTH = 5000;
export const MAX_IMAGE_URL_LENGTH = 2000;
export const MAX_IDEA_ID_LENGTH = 200;

/** Opening the detail page records a view; one viewer counts at most once in this window (issue 6). */
export const VIEW_WINDOW_MS = 60 * 60 * 1000;

/** Spec §8: the toasts' texts; the API answers the sentence after the title. */
export const PUBLISHED_MESSAGE = 'Your idea is now available in the marketplace';
export const LIKED_MESSAGE = 'You liked this idea.';
/** Ours: a second like by the same account changes nothing, and says so. */
export const ALREADY_LIKED_MESSAGE = 'You have already liked this idea.';
export const IDEA_NOT_FOUND_MESSAGE = 'Idea not found';
export const NOT_IDEA_OWNER_MESSAGE = 'Only the person who published this idea can unpublish it.';
export const MISSING_CORE_IDEA_MESSAGE = 'coreIdea: add a core idea before publishing (the project has none either)';
