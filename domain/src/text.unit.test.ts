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
  'a line separator': 'Tip\u2028Jar',
  'a paragraph separator': 'Tip\u2029Jar',
  'a byte order mark (zero-width no-break space)': 'Tip\uFEFFJar',
  'an interlinear annotation anchor': 'Tip\uFFF9Jar',
  'a deprecated format character (inhibit symmetric swapping)': 'Tip\u206AJar',
} as const;

/** Invisible characters a one-line field (a name, a title, a parameter) refuses, while multi-line text may hold them. */
const INVISIBLE_IN_A_LINE = {
  'a zero-width space': 'Tip\u200BJar',
  'a word joiner': 'Tip\u2060Jar',
  'an invisible times': 'Tip\u2062Jar',
  'a soft hyphen': 'Tip\u00ADJar',
  'a combining grapheme joiner': 'Tip\u034FJar',
  'a Mongolian vowel separator': 'Tip\u180EJar',
  'a Hangul filler, which shows as a blank': '\u3164',
  'a zero-width joiner between Latin letters': 'Tip\u200DJar',
  'a zero-width non-joiner between Latin letters': 'Tip\u200CJar',
  'a zero-width joiner at the start': '\u200D🎉',
  'a zero-width joiner at the end': '🎉\u200D',
  'a zero-width joiner beside a space': '🎉 \u200D🚀',
  'two joiners in a row': '👩\u200D\u200D🚀',
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

  it.each(Object.entries(INVISIBLE_IN_A_LINE))('isSafeLine refuses %s, isSafeText takes it', (_, text) => {
    expect(isSafeLine(text)).toBe(false);
    expect(isSafeText(text)).toBe(true);
  });

  it.each([
    ['an emoji sequence joined by zero-width joiners', 'Team 👩\u200D🚀👨\u200D👩\u200D👧 🏳️\u200D🌈'],
    ['a Persian word with its zero-width non-joiner', 'می\u200Cخواهم'],
    ['a Devanagari conjunct shown with a zero-width joiner', 'क्\u200Dष'],
  ])('isSafeLine takes %s', (_, text) => {
    expect(isSafeLine(text)).toBe(true);
    expect(isSafeText(text)).toBe(true);
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
 * checked at the route, and a model's odd character must not turn a paid answer into an error. ApplyQuickIdea too:
 * only the quick-idea use sends it, with the model's idea already cut to the project's limits (quickProjectData).
 */
const BUILT_FROM_MODEL_ANSWERS = new Set([
  'RecordAiSuggestions',
  'RecordAiPrompt',
  'RecordAiReport',
  'RecordAiResults',
  'ApplyQuickIdea',
  'ProposeStageDrafts',
]);

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

/**
 * What a tab last saw or sent of a text (`baseValue`, `baseFields`, text-edits.ts): only compared with the stored
 * text to tell this tab's own earlier save from another writer's, never stored nor echoed. A refused text can be
 * the base of the next save, so these are not held to the text rules.
 */
const COMPARED_ONLY = /\.(baseValue$|baseFields\b)/;

const fields = Object.entries(commandSchemas)
  .filter(([type]) => !BUILT_FROM_MODEL_ANSWERS.has(type))
  .flatMap(([type, schema]) => fieldsOf(schema, type))
  .filter((field) => !COMPARED_ONLY.test(field.path));

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

  it.each(Object.entries(INVISIBLE_IN_A_LINE))('refuses %s in every one-line field (those that refuse a line break)', (_, sample) => {
    const lines = fields.filter((field) => field.kind === 'string' && !field.schema.safeParse('One\nTwo').success);
    expect(lines.length).toBeGreaterThan(50);
    expect(lines.filter((field) => field.schema.safeParse(sample).success).map((field) => field.path)).toEqual([]);
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

  it('takes out invisible characters, and joiners that join nothing, and keeps those inside an emoji', () => {
    expect(withoutUnsafeCharacters('\u200BAnn\u2060 \uFEFFLee\u200D \u2028👩\u200D🚀')).toBe('Ann Lee 👩\u200D🚀');
  });
});
