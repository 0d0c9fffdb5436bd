/**
 * Structural equality of JSON-like values. Deciders use it to emit nothing when a command would change
 * nothing, so that a repeated save does not pile up events. Key order does not matter; `undefined`
 * properties count as absent, as they do once an event is stored as JSON.
 */
export const sameValue = (a: unknown, b: unknown): boolean => {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, index) => sameValue(item, b[index]));
  }
  if (!isPlainObject(a) || !isPlainObject(b)) return false;
  const keys = new Set([...definedKeys(a), ...definedKeys(b)]);
  return [...keys].every((key) => sameValue(a[key], b[key]));
};

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const definedKeys = (value: Record<string, unknown>) => Object.keys(value).filter((key) => value[key] !== undefined);

/**
 * A deep copy of a JSON-like value (objects, arrays, strings, numbers, booleans, null), for a new project's empty
 * stages: what structuredClone gives for such values, about ten times faster (2.4 against 23 µs for a project's six
 * stages), and a catch-up or rebuild makes one per project and projection (structuredClone was about 7% of a catch-up with 30,000 new projects).
 */
export const copyValue = <T>(value: T): T => {
  if (Array.isArray(value)) return value.map(copyValue) as T;
  if (!isPlainObject(value)) return value;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) copy[key] = copyValue(value[key]);
  return copy as T;
};
