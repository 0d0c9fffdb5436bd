import type { z } from 'zod';

/** A place in a schema where a client's value goes: a string, or a value of any shape (`unknown`, `any`). */
export interface Field {
  path: string;
  kind: 'string' | 'unknown';
  schema: z.ZodType;
}

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  getter?: () => z.ZodType;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/**
 * Every string and every free-shaped value in a zod schema, with its path (`name`, `stages[].data`,
 * `currentValues{}`, `currentValues{key}`), read from the schema's definition. Tests use it to hold a rule
 * over all the fields a schema has, so that a field added later cannot be forgotten.
 */
export const fieldsOf = (schema: z.ZodType, path = ''): Field[] => {
  // Only the schemas on the way down: one schema shared by several fields is visited for each, a lazy one that
  // holds itself only once.
  const ancestors = new Set<z.ZodType>();
  const walk = (node: z.ZodType, at: string): Field[] => {
    if (ancestors.has(node)) return [];
    ancestors.add(node);
    try {
      return visit(node, at);
    } finally {
      ancestors.delete(node);
    }
  };
  const visit = (node: z.ZodType, at: string): Field[] => {
    const def = defOf(node);
    const inner = (child: z.ZodType | null | undefined, suffix = '') => (child ? walk(child, `${at}${suffix}`) : []);
    switch (def.type) {
      case 'string':
        return [{ path: at, kind: 'string', schema: node }];
      case 'unknown':
      case 'any':
        return [{ path: at, kind: 'unknown', schema: node }];
      case 'object':
        return Object.entries(def.shape ?? {}).flatMap(([key, child]) => walk(child, at ? `${at}.${key}` : key));
      case 'array':
        return inner(def.element, '[]');
      case 'record':
        return [...inner(def.keyType, '{key}'), ...inner(def.valueType, '{}')];
      case 'tuple':
        return [...(def.items ?? []).flatMap((item, index) => walk(item, `${at}[${index}]`)), ...inner(def.rest, '[]')];
      case 'union':
        return (def.options ?? []).flatMap((option) => walk(option, at));
      case 'intersection':
        return [...inner(def.left), ...inner(def.right)];
      case 'pipe':
        return [...inner(def.in), ...inner(def.out)];
      case 'lazy':
        return inner(def.getter?.());
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'catch':
      case 'readonly':
      case 'nonoptional':
        return inner(def.innerType);
      default:
        return [];
    }
  };
  return walk(schema, path);
};
