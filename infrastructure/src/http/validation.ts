import { ValidationError } from '@vis/domain';
import type { z } from 'zod';

/**
 * Parses input with a (strict) zod schema; the first problem becomes a ValidationError naming the field, so
 * the answer says exactly what to fix and nothing is appended.
 */
export const parseInput = <Schema extends z.ZodType>(schema: Schema, input: unknown): z.infer<Schema> => {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.join(', ');
    throw new ValidationError(issue.keys[0] ?? '', `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${keys}`);
  }
  const field = issue.path.join('.') || 'body';
  throw new ValidationError(field, `${field}: ${issue.message}`);
};
