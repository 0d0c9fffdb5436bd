import { PARAMETER_LISTS, type ParameterListName } from '@vis/domain';
import { z } from 'zod';
import { noteLabel } from '../context.ts';
import type { AiContext } from '../provider.ts';

/** What every prompt starts from: the product's idea of a good idea (spec 01 §1). */
export const PRODUCT_BRIEF = [
  'You help people develop viral micro-ideas: simple one-page web sites with crypto (XNO) rewards that are funded from inside their own system.',
  'Good ideas are closed loops (for example a daily reward pool of 10% of the last 24 hours of contributions, fed by a 1.5% transaction fee),',
  'need nothing physical and no outside parties (no externalities), and are realistic to build as one page.',
].join(' ');

const line = (label: string, value: string | readonly string[] | undefined) => {
  const text = typeof value === 'string' ? value : (value ?? []).join(', ');
  return text.trim() === '' ? null : `${label}: ${text}`;
};

/** The idea and what earlier stages hold, one fact per line; empty facts are left out. */
export const describeContext = (context: AiContext): string =>
  [
    line('Project name', context.projectName),
    line('Core idea', context.coreIdea || '(not written yet)'),
    line('Parameters', context.parameters),
    ...Object.entries(context.lists).map(([list, values]) => line(PARAMETER_LISTS[list as ParameterListName].title, values)),
    line('Audience segments', context.audienceSegments),
    context.concept &&
      line('Selected concept', [context.concept.name, context.concept.coreAction, context.concept.viralHook].filter(Boolean).join(' — ')),
    ...Object.entries(context.notes).map(([field, value]) => line(noteLabel(field), value)),
    line('More context', context.extra),
  ]
    .filter((entry): entry is string => Boolean(entry))
    .join('\n');

export const answerAsJson = (shape: string) => `Answer with JSON only, no prose and no code fences, in exactly this shape: ${shape}`;

/**
 * Models answer a list bare or wrapped in an object, under the key asked for or a near one: all are taken, and
 * the list comes out under `key`.
 */
export const listAnswer = <K extends string>(key: K, item: z.ZodType<string, unknown>, max: number) => {
  const list = z.array(item).max(max);
  return z
    .union([list, z.object({ [key]: list }), z.object({ results: list }), z.object({ parameters: list }), z.object({ suggestions: list })])
    .transform((value) => ({ [key]: Array.isArray(value) ? value : Object.values(value as Record<string, string[]>)[0]! }) as Record<K, string[]>);
};

export const shortText = z.string().max(500);
export const longText = z.string().max(100_000);
