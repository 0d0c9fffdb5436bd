import { useSyncExternalStore } from 'react';

/**
 * Which screens got an answer from the offline generator (the server has no Gemini key and the project none of
 * its own). Every AI answer says so in `offline`; the API client notes it here, so that no screen has to
 * remember to tell the person, and each screen tells them once, however many suggestions it shows.
 */
const screens = new Set<string>();
const listeners = new Set<() => void>();
let version = 0;

const currentScreen = () => (typeof window === 'undefined' ? '' : window.location.pathname);

/** Called with every API answer: an AI answer written offline marks the screen it arrived on. */
export const noteAiAnswer = (body: unknown) => {
  if ((body as { offline?: unknown } | null)?.offline !== true) return;
  const screen = currentScreen();
  if (screens.has(screen)) return;
  screens.add(screen);
  version += 1;
  listeners.forEach((listener) => listener());
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether an answer on `screen` came from the offline generator (re-rendered when one does). */
export const useOfflineAnswerOn = (screen: string) => {
  useSyncExternalStore(
    subscribe,
    () => version,
    () => 0,
  );
  return screens.has(screen);
};
