import { useSyncExternalStore } from 'react';
import { storage, STORAGE_KEYS } from './storage.ts';

/** Spec 01 §9: the stored application log keeps its last 100 entries, and the AI process log 100. */
export const LOG_CAP = 100;

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'fatal'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Spec 01 §3 'Log entry (kept locally)'. */
export interface LogEntry {
  timestamp: string;
  level: LogLevel;
  context: string;
  message: string;
  data?: unknown;
  stackTrace?: string;
}

/** Spec 01 §3 'AI process log entry', with when it arrived. */
export interface AiProcessLogEntry {
  timestamp: string;
  type: string;
  content: string;
  status: string;
}

const REDACTED = '[redacted]';
/** Field names whose values are secrets wherever they appear (a Gemini key, a Stripe client secret, a session). */
const SECRET_FIELD = /key|token|secret|password|authorization|cookie|session/i;
/** Secrets recognisable by their shape inside free text: Google API keys, Stripe keys and client secrets. */
const SECRET_TEXT = [
  /AIza[0-9A-Za-z_-]{10,}/g,
  /\b(?:sk|pk|rk|whsec)_(?:live|test)_[0-9A-Za-z]+/g,
  /\b(?:pi|seti)_[0-9A-Za-z]+_secret_[0-9A-Za-z]+/g,
];
/** Long enough for a message and its context; an AI answer's full text has no place in a log. */
const MAX_TEXT = 500;

const redactText = (text: string) => SECRET_TEXT.reduce((result, pattern) => result.replace(pattern, REDACTED), text).slice(0, MAX_TEXT);

/** What a log entry may keep of a value: no secret field, no secret-shaped text, nothing deeper than a few levels. */
export const redact = (value: unknown, depth = 0): unknown => {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= 4) return '[…]';
  if (Array.isArray(value)) return value.slice(0, 20).map((item) => redact(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([field, item]) => [field, SECRET_FIELD.test(field) ? REDACTED : redact(item, depth + 1)]));
};

/**
 * A log kept in local storage, its last LOG_CAP entries, that screens read live. A browser that refuses storage
 * keeps nothing (storage errors are only logged to the console, spec 01 §8).
 */
const storedLog = <T>(key: string) => {
  const listeners = new Set<() => void>();
  let cachedText: string | null = null;
  let cached: T[] = [];
  const read = (): T[] => {
    const text = storage.get(key);
    if (text === cachedText) return cached;
    cachedText = text;
    try {
      const parsed: unknown = text ? JSON.parse(text) : [];
      cached = Array.isArray(parsed) ? (parsed as T[]) : [];
    } catch {
      cached = [];
    }
    return cached;
  };
  const notify = () => listeners.forEach((listener) => listener());
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    // Another tab's entries show too.
    const onStorage = (event: StorageEvent) => event.key === key && listener();
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  };
  return {
    entries: read,
    append: (entry: T) => {
      storage.set(key, JSON.stringify([...read(), entry].slice(-LOG_CAP)));
      notify();
    },
    clear: () => {
      storage.remove(key);
      notify();
    },
    use: () => useSyncExternalStore(subscribe, read),
  };
};

const appLogStore = storedLog<LogEntry>(STORAGE_KEYS.appLogs);
const aiProcessLogStore = storedLog<AiProcessLogEntry>(STORAGE_KEYS.aiProcessLog);

/** The local application log: failed calls, rendering errors and uncaught errors, with no secrets in them. */
export const appLog = {
  ...appLogStore,
  write: (level: LogLevel, context: string, message: string, { data, error }: { data?: unknown; error?: unknown } = {}) => {
    const entry: LogEntry = { timestamp: new Date().toISOString(), level, context, message: redactText(message) };
    if (data !== undefined) entry.data = redact(data);
    if (error instanceof Error && error.stack) entry.stackTrace = redactText(error.stack);
    appLogStore.append(entry);
  },
};

/** Every `ai_process_update` message this browser heard (spec 01 §4 'AI process'). */
export const aiProcessLog = {
  ...aiProcessLogStore,
  write: ({ type = '', content = '', status = '' }: { type?: string; content?: string; status?: string }) =>
    aiProcessLogStore.append({
      timestamp: new Date().toISOString(),
      type: redactText(type),
      content: redactText(content),
      status: redactText(status),
    }),
};
