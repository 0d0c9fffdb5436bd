/**
 * localStorage that never throws: private windows and full quotas refuse writes, and the spec says storage
 * errors are only logged (spec 01 §8).
 */
export const storage = {
  get: (key: string): string | null => {
    try {
      return localStorage.getItem(key);
    } catch (error) {
      console.warn('storage read failed', error);
      return null;
    }
  },
  set: (key: string, value: string) => {
    try {
      localStorage.setItem(key, value);
    } catch (error) {
      console.warn('storage write failed', error);
    }
  },
  remove: (key: string) => {
    try {
      localStorage.removeItem(key);
    } catch (error) {
      console.warn('storage write failed', error);
    }
  },
};

/** The spec's local storage keys (spec 01 §7). */
export const STORAGE_KEYS = {
  currentProjectId: 'currentProjectId',
  /** The nine-step builder's project (/game), apart from the guided screens' current project. */
  currentBuilderProjectId: 'currentBuilderProjectId',
  theme: 'theme',
  autoSave: 'autoSave',
  /** Whether a finished step moves on by itself after 2 s (spec 01 §4 'Auto-progress'). */
  autoProgress: 'autoProgress',
  /** The last project this browser loaded, shown read-only when the server cannot be reached (spec 01 §4 'On load'). */
  projectCopy: 'projectCopy',
  sidebarExpanded: 'sidebarExpanded',
  /** Which corner the floating feedback button sits in (spec 01 §2: bottom-right by default, other corners possible). */
  feedbackCorner: 'feedbackCorner',
  /** The local application log, its last 100 entries (spec 01 §3 'Log entry', §9). */
  appLogs: 'appLogs',
  /** The AI process messages, the last 100 (spec 01 §3 'AI process log entry', §9). */
  aiProcessLog: 'aiProcessLog',
} as const;
