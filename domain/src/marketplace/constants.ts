/**
 * Business constants and texts of the marketplace, from spec/02-accounts-builder-marketplace.md (§2.6, §2.9,
 * §2.10, §3, §4, §8, §9). Limits the spec does not give are ours and say so.
 */

/**
 * A published idea without a title takes its project's final concept name (or the builder's idea, or the project's
 * name), and without any of them this (spec §7).
 */
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
/** Ours (issue 26): a second click on a liked idea takes the like back. */
export const UNLIKED_MESSAGE = 'You no longer like this idea.';
export const NOT_LIKED_MESSAGE = 'You had not liked this idea.';
/** Ours (issue 26): a title given is the title shown, so a blank one is refused rather than replaced. */
export const BLANK_TITLE_MESSAGE = 'Give your idea a title.';
export const BLANK_DESCRIPTION_MESSAGE = 'Describe your idea in a few words.';
export const IDEA_EDITED_MESSAGE = 'Your changes are live in the marketplace.';
export const IDEA_UNPUBLISHED_MESSAGE = 'Your idea is no longer in the marketplace.';
/** Ours: the first line of a builder's core idea titles it; cut so a card's title stays a title. */
export const SUGGESTED_TITLE_LENGTH = 80;
/** Shown as it is (issue 26): a sentence for the person; the answer's `field` names coreIdea. */
export const MISSING_CORE_IDEA_MESSAGE = 'Add a core idea before publishing: this project has none yet.';
