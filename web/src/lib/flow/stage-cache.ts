import type { FlowStageId } from '@vis/domain';
import { useCallback, useSyncExternalStore } from 'react';
import { storage } from '../storage.ts';

/**
 * The generator's last AI answer per project and flow stage, kept in localStorage (spec 01 §2 settings: cache
 * clearing per stage). Generate with the same prompt and options again reuses it instead of spending a play;
 * another prompt asks the AI again and replaces it. Settings shows what is cached and clears it.
 */
export interface CachedStageResults {
  request: string;
  results: Record<string, unknown>;
  cachedAt: string;
}

const PREFIX = 'aiStageCache:';
const keyOf = (projectId: string, stage: FlowStageId) => `${PREFIX}${projectId}:${stage}`;

/** What makes two requests the same: a changed prompt, focus or iteration count is a new question. */
export const requestKey = (request: { prompt: string; focusOn?: string; iterations: number }) =>
  JSON.stringify([request.prompt.trim(), request.focusOn?.trim() ?? '', request.iterations]);

const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => (event.key === null || event.key.startsWith(PREFIX)) && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
};

export const readCachedStage = (projectId: string, stage: FlowStageId): CachedStageResults | null => {
  const raw = storage.get(keyOf(projectId, stage));
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as CachedStageResults;
    return typeof parsed.request === 'string' && parsed.results && typeof parsed.results === 'object' ? parsed : null;
  } catch {
    return null;
  }
};

export const writeCachedStage = (projectId: string, stage: FlowStageId, request: string, results: Record<string, unknown>) => {
  storage.set(keyOf(projectId, stage), JSON.stringify({ request, results, cachedAt: new Date().toISOString() } satisfies CachedStageResults));
  changed();
};

export const clearCachedStage = (projectId: string, stage: FlowStageId) => {
  storage.remove(keyOf(projectId, stage));
  changed();
};

/** Every project's cached answers, not only the current one's: 'Clear All Cache' means all. */
export const clearAllCachedStages = () => {
  const keys: string[] = [];
  try {
    for (let index = 0; index < localStorage.length; index++) {
      const key = localStorage.key(index);
      if (key?.startsWith(PREFIX)) keys.push(key);
    }
  } catch (error) {
    console.warn('storage read failed', error);
  }
  keys.forEach((key) => storage.remove(key));
  changed();
};

/** Which of the project's stages have cached results, kept in step with clears and other tabs. */
export const useCachedStages = (projectId: string, stages: readonly FlowStageId[]) => {
  const snapshot = useCallback(() => stages.filter((stage) => storage.get(keyOf(projectId, stage)) !== null).join(','), [projectId, stages]);
  const cached = useSyncExternalStore(subscribe, snapshot);
  return new Set(cached ? (cached.split(',') as FlowStageId[]) : []);
};
