/**
 * Values a store hands to more than one reader (decoded events, parsed documents) are never changed by them. Under
 * the tests they are frozen, so code that alters one it was handed fails there, not in another reader that sees
 * the change.
 */
export const FREEZE_SHARED_VALUES = process.env.VITEST !== undefined;

export const deepFreeze = (value: unknown) => {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  for (const field of Object.values(value)) deepFreeze(field);
  Object.freeze(value);
};
