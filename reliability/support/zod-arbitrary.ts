import fc from 'fast-check';
import type { z } from 'zod';

/** The parts of zod 4's internal definitions this generator reads. */
interface Def {
  type: string;
  [key: string]: any;
}
interface CheckDef {
  check: string;
  [key: string]: any;
}

const defOf = (schema: z.core.$ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def): CheckDef[] => ((def.checks ?? []) as { _zod: { def: CheckDef } }[]).map((check) => check._zod.def);

/** Valid-shaped values stay small: the attacks add the size. */
const MAX_STRING = 24;
const MAX_ITEMS = 4;

const lengthsOf = (checks: CheckDef[]) => {
  let min = 0;
  let max = Number.POSITIVE_INFINITY;
  for (const check of checks) {
    if (check.check === 'min_length') min = Math.max(min, check.minimum);
    if (check.check === 'max_length') max = Math.min(max, check.maximum);
    if (check.check === 'length_equals') min = max = check.length;
  }
  return { min, max };
};

const stringArbitrary = (def: Def): fc.Arbitrary<string> => {
  const checks = checksOf(def);
  const { min, max } = lengthsOf(checks);
  const format = def.format ?? checks.find((check) => check.check === 'string_format')?.format;
  const fits = (value: string) => value.length >= min && value.length <= max;
  switch (format) {
    case 'uuid':
    case 'guid':
      return fc.uuid();
    case 'url': {
      const protocol = (def.protocol ?? checks.find((check) => check.format === 'url')?.protocol) as RegExp | undefined;
      const schemes = ['https', 'http'].filter((scheme) => !protocol || protocol.test(scheme));
      return fc.webUrl({ validSchemes: schemes.length > 0 ? schemes : ['https'] }).filter(fits);
    }
    case 'email':
      // Plain addresses: zod's own email pattern is stricter than the RFC fast-check follows.
      return fc
        .tuple(fc.stringMatching(/^[a-z0-9]{1,12}$/), fc.constantFrom('example.com', 'mail.example.org'))
        .map(([local, domain]) => `${local}@${domain}`)
        .filter(fits);
    case 'datetime':
      return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((date) => date.toISOString());
    case 'regex': {
      const pattern = checks.find((check) => check.format === 'regex')!.pattern as RegExp;
      return fc.stringMatching(pattern).filter(fits);
    }
    default:
      return fc.string({ minLength: min, maxLength: Math.max(min, Math.min(max, MAX_STRING)), unit: 'grapheme-ascii' });
  }
};

const numberArbitrary = (def: Def): fc.Arbitrary<number> => {
  const checks = checksOf(def);
  const integer = checks.some((check) => check.check === 'number_format' && /int/.test(check.format));
  let min = -1_000_000;
  let max = 1_000_000;
  let minExclusive = false;
  let maxExclusive = false;
  for (const check of checks) {
    if (check.check === 'greater_than') [min, minExclusive] = [check.value, !check.inclusive];
    if (check.check === 'less_than') [max, maxExclusive] = [check.value, !check.inclusive];
  }
  if (integer)
    return fc.integer({ min: minExclusive ? Math.floor(min) + 1 : Math.ceil(min), max: maxExclusive ? Math.ceil(max) - 1 : Math.floor(max) });
  return fc.double({ min, max, minExcluded: minExclusive, maxExcluded: maxExclusive, noNaN: true, noDefaultInfinity: true });
};

/** An object's value with its undefined (left-out) optional fields dropped, as JSON would drop them. */
const withoutUndefined = (value: Record<string, unknown>) => Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined));

/**
 * Values shaped like what a zod schema accepts, for the subset of zod our HTTP schemas use. They are the
 * starting point the attacks mutate; a refinement (`.refine`) the generator cannot see may still refuse one.
 */
export const arbitraryFor = (schema: z.core.$ZodType): fc.Arbitrary<unknown> => {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return stringArbitrary(def);
    case 'number':
      return numberArbitrary(def);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'undefined':
      return fc.constant(undefined);
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'optional':
    case 'default':
    case 'prefault':
      return fc.option(arbitraryFor(def.innerType), { nil: undefined, freq: 3 });
    case 'nullable':
      return fc.option(arbitraryFor(def.innerType), { nil: null, freq: 4 });
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return arbitraryFor(def.innerType);
    case 'pipe':
      return arbitraryFor(def.in);
    case 'lazy':
      return fc.constant(null).chain(() => arbitraryFor(def.getter()));
    case 'object': {
      const shape = def.shape as Record<string, z.core.$ZodType>;
      return fc.record(Object.fromEntries(Object.entries(shape).map(([key, value]) => [key, arbitraryFor(value)]))).map(withoutUndefined);
    }
    case 'array': {
      const { min, max } = lengthsOf(checksOf(def));
      return fc.array(arbitraryFor(def.element), { minLength: min, maxLength: Math.max(min, Math.min(max, MAX_ITEMS)) });
    }
    case 'tuple':
      return fc.tuple(...(def.items as z.core.$ZodType[]).map(arbitraryFor));
    case 'union':
      return fc.oneof(...(def.options as z.core.$ZodType[]).map(arbitraryFor));
    case 'intersection':
      return fc
        .tuple(arbitraryFor(def.left), arbitraryFor(def.right))
        .map(([left, right]) => (typeof left === 'object' && typeof right === 'object' ? { ...(left as object), ...(right as object) } : left));
    case 'record':
      return fc.dictionary(arbitraryFor(def.keyType) as fc.Arbitrary<string>, arbitraryFor(def.valueType), { maxKeys: 3 });
    case 'unknown':
    case 'any':
      return fc.jsonValue({ maxDepth: 2 });
    case 'transform':
      // A bare transform (z.preprocess) takes anything.
      return fc.jsonValue({ maxDepth: 1 });
    default:
      throw new Error(`reliability/support/zod-arbitrary.ts: no generator for zod type '${def.type}' yet`);
  }
};

/** The top-level field names of an object schema (through optional/default/pipe wrappers); [] for anything else. */
export const fieldsOf = (schema: z.core.$ZodType): string[] => {
  const def = defOf(schema);
  if (def.type === 'object') return Object.keys(def.shape);
  if (def.type === 'union') return [...new Set((def.options as z.core.$ZodType[]).flatMap(fieldsOf))];
  if (def.innerType) return fieldsOf(def.innerType);
  if (def.type === 'pipe') return fieldsOf(def.in);
  return [];
};
