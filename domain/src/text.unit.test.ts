import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { accountCommandSchemas } from './account/commands.ts';
import { couponCommandSchemas } from './account/coupon.ts';
import { ValidationError } from './errors.ts';
import { submitFeedbackSchema } from './feedback/feedback.ts';
import { ideaCommandSchemas, publishIdeaBodySchema } from './marketplace/commands.ts';
import { projectCommandSchemas } from './project/commands.ts';
import { parseProjectExport } from './project/export.ts';
import { fieldsOf } from './testing/string-fields.ts';
import { hasOnlySafeText, isSafeLine, isSafeText, withoutUnsafeCharacters } from './text.ts';

/** Characters no user text may hold, each inside otherwise ordinary text. */
const UNSAFE_SAMPLES = {
  NUL: 'Tip\u0000Jar',
  'a C0 control (ESC)': 'Tip\u001bJar',
  DEL: 'Tip\u007fJar',
  'a C1 control (NEL)': 'Tip\u0085Jar',
  'right-to-left override': 'Tip\u202EraJ',
  'left-to-right embedding': 'Tip\u202AJar',
  'first strong isolate': 'Tip\u2068Jar',
  'pop directional isolate': 'Tip\u2069Jar',
  'a lone high surrogate': 'Tip\uD83DJar',
  'a lone low surrogate': 'Tip\uDE00Jar',
} as const;

describe('isSafeText and isSafeLine', () => {
  it.each(Object.entries(UNSAFE_SAMPLES))('refuse %s', (_, text) => {
    expect(isSafeText(text)).toBe(false);
    expect(isSafeLine(text)).toBe(false);
  });

  it.each([
    ['accents', 'Café crème'],
    ['right-to-left script', 'מיזם טיפים'],
    ['emoji, surrogate pairs included', 'Tip jar 🎉👩‍🚀'],
    ['left-to-right and right-to-left marks', 'Tip\u200EJar\u200F'],
    ['an empty text', ''],
  ])('take %s', (_, text) => {
    expect(isSafeText(text)).toBe(true);
    expect(isSafeLine(text)).toBe(true);
  });

  it('take line breaks and tabs in multi-line text only', () => {
    expect(isSafeText('One\nTwo\r\n\tThree')).toBe(true);
    expect(isSafeLine('One\nTwo')).toBe(false);
    expect(isSafeLine('One\tTwo')).toBe(false);
  });

  it('hasOnlySafeText looks at every string of a document, keys included', () => {
    expect(hasOnlySafeText({ a: ['x', { b: 'y\nz' }], c: 1, d: null })).toBe(true);
    expect(hasOnlySafeText({ a: ['x', { b: 'y\u202Ez' }] })).toBe(false);
    expect(hasOnlySafeText({ 'k\u0000': 'v' })).toBe(false);
  });
});

/**
 * Commands the AI gateway builds from a model's answer after the user has paid: what the user sent was
 * checked at the route, and a model's odd character must not turn a paid answer into an error.
 */
const BUILT_FROM_MODEL_ANSWERS = new Set(['RecordAiSuggestions', 'RecordAiPrompt', 'RecordAiReport', 'RecordAiResults']);

/** Fields of free shape, and where their text is checked instead. */
const FREE_SHAPED: Record<string, string> = {
  'ImportProject.projectName': 'parseProjectExport (tested below)',
  'ImportProject.coreIdea': 'parseProjectExport (tested below)',
  'ImportProject.parameters': 'parseProjectExport (tested below)',
  'ImportProject.stages': 'parseProjectExport (tested below)',
  'ImportProject.currentStageIndex': 'a stage number or nothing',
  'ApplyStageResults.results{}': 'hasOnlySafeText on the whole record; stage-results.ts reads only the shapes it knows',
};

const commandSchemas: Record<string, z.ZodType> = {
  ...projectCommandSchemas,
  ...ideaCommandSchemas,
  ...accountCommandSchemas,
  ...couponCommandSchemas,
  SubmitFeedback: submitFeedbackSchema,
  'publish body': publishIdeaBodySchema,
};

const fields = Object.entries(commandSchemas)
  .filter(([type]) => !BUILT_FROM_MODEL_ANSWERS.has(type))
  .flatMap(([type, schema]) => fieldsOf(schema, type));

describe('every text field of every command', () => {
  it('has been found (the walk reaches into lists, unions and stage notes)', () => {
    const paths = fields.map((field) => field.path);
    expect(paths).toContain('RenameProject.name');
    expect(paths).toContain('AddAudienceSegment.motivations[]');
    expect(paths).toContain('UpdateStageNotes.fields.webpageElements.otherElements[].name');
    expect(paths).toContain('RecordTechnicalReport.report.technicalSpecifications.architecture');
    expect(paths).toContain('PublishIdea.title');
    expect(fields.length).toBeGreaterThan(100);
  });

  it.each(Object.entries(UNSAFE_SAMPLES))('refuses %s', (_, sample) => {
    const accepted = fields.filter((field) => field.kind === 'string' && field.schema.safeParse(sample).success).map((field) => field.path);
    expect(accepted).toEqual([]);
  });

  it('takes free-shaped values only where their text is checked another way', () => {
    const unchecked = fields.filter((field) => field.kind === 'unknown' && !(field.path in FREE_SHAPED)).map((field) => field.path);
    expect(unchecked).toEqual([]);
  });
});

describe('an imported project file', () => {
  const file = (overrides: object) => ({ projectName: 'Tip Jar', coreIdea: 'Tips', parameters: ['Viral'], stages: [], ...overrides });
  const refusal = (input: unknown) => {
    try {
      parseProjectExport(input);
    } catch (error) {
      if (error instanceof ValidationError) return error.field;
      throw error;
    }
    return null;
  };

  it.each([
    ['its name', { projectName: 'Tip\u202EJar' }, 'project'],
    ['its core idea', { coreIdea: 'Tips\u0000' }, 'coreIdea'],
    ['a parameter', { parameters: ['Vi\u0085ral'] }, 'parameters'],
    ['a stage note', { stages: [{ stageNumber: 2, data: { keyInsights: 'insight\u2066' } }] }, 'stages.0.data.keyInsights'],
    [
      'a stage list given as text',
      { stages: [{ stageNumber: 1, data: { commonViralTriggers: 'FOMO, \u202Escarcity' } }] },
      'stages.0.data.viralParameters.1',
    ],
  ])('is refused naming the field when %s holds an unsafe character', (_, overrides, field) => {
    expect(refusal(file(overrides))).toBe(field);
  });

  it('keeps the line breaks of multi-line notes', () => {
    expect(parseProjectExport(file({ stages: [{ stageNumber: 2, data: { keyInsights: 'one\ntwo' } }] })).stages[2].keyInsights).toBe('one\ntwo');
  });
});

describe('withoutUnsafeCharacters', () => {
  it('takes out controls, overrides and lone surrogates, and keeps every real character', () => {
    expect(withoutUnsafeCharacters('Ann\u202E \u0000Lee\uD800 😀 عربى')).toBe('Ann Lee 😀 عربى');
  });
});
