import { useSyncExternalStore } from 'react';
import { storage } from './storage.ts';

/**
 * A choice kept in local storage (spec 01 §7: theme, auto-save and the other settings live there), read by any
 * screen and re-rendered everywhere when Settings changes it. `read` turns the stored text (or its absence) into
 * the value, so a missing or unknown entry falls back to the default.
 */
export const storedSetting = <T>(key: string, read: (stored: string | null) => T, write: (value: T) => string = String) => {
  const listeners = new Set<() => void>();
  const get = () => read(storage.get(key));
  const set = (value: T) => {
    storage.set(key, write(value));
    listeners.forEach((listener) => listener());
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  return { get, set, use: () => useSyncExternalStore(subscribe, get) };
};
