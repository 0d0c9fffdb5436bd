import { storedSetting } from '../../lib/stored-setting.ts';
import { STORAGE_KEYS } from '../../lib/storage.ts';

/** Spec 01 §2: the floating feedback button sits bottom-right by default; the other corners are a Settings choice. */
export const FEEDBACK_CORNERS = [
  { value: 'bottom-right', label: 'Bottom right' },
  { value: 'bottom-left', label: 'Bottom left' },
  { value: 'top-right', label: 'Top right' },
  { value: 'top-left', label: 'Top left' },
] as const;

export type FeedbackCorner = (typeof FEEDBACK_CORNERS)[number]['value'];

export const DEFAULT_FEEDBACK_CORNER: FeedbackCorner = 'bottom-right';

const isCorner = (value: string | null): value is FeedbackCorner => FEEDBACK_CORNERS.some((corner) => corner.value === value);

const feedbackCorner = storedSetting<FeedbackCorner>(STORAGE_KEYS.feedbackCorner, (stored) => (isCorner(stored) ? stored : DEFAULT_FEEDBACK_CORNER));
export const setFeedbackCorner = feedbackCorner.set;
export const useFeedbackCorner = feedbackCorner.use;
