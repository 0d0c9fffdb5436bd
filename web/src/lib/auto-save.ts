import { useSyncExternalStore } from 'react';
import { storage, STORAGE_KEYS } from './storage.ts';

/** The Auto Save choice (spec 01 §2 Settings, §7 local storage); on unless the user turned it off. */
const listeners = new Set<() => void>();
export const isAutoSaveOn = () => storage.get(STORAGE_KEYS.autoSave) !== 'false';
export const setAutoSave = (on: boolean) => {
  storage.set(STORAGE_KEYS.autoSave, String(on));
  listeners.forEach((listener) => listener());
};
export const useAutoSave = () =>
  useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, isAutoSaveOn);
