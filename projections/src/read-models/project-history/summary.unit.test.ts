import type { ProjectEvent } from '@vis/domain';
import { describe, expect, it } from 'vitest';
import { summarize } from './summary.ts';

const stageNotesUpdated = (stage: 1 | 2 | 3 | 4 | 5 | 6, fields: Record<string, unknown>): ProjectEvent =>
  ({ type: 'StageNotesUpdated', data: { projectId: 'p1', stage, fields, previous: {}, updatedAt: '2026-11-23T10:00:00.000Z' } }) as ProjectEvent;

describe('a stage note change in the history', () => {
  it('names the fields as the screens do, never by their internal names', () => {
    expect(summarize(stageNotesUpdated(5, { webpageElements: {}, oneLinerPitch: 'Tip the best' }))).toBe(
      'Updated the webpage elements, the one-line pitch on stage 5',
    );
    expect(summarize(stageNotesUpdated(2, { keyInsights: 'x' }))).toBe('Updated the key insights on stage 2');
  });
});

const suggested = (list: string | null, kind: string): ProjectEvent =>
  ({
    type: 'AiSuggestionsGenerated',
    data: {
      projectId: 'p1',
      requestId: 'r1',
      use: list ? 'parameters' : 'builderParameter',
      list,
      kind,
      asked: {},
      ai: { provider: 'offline', model: 'offline', promptVersion: 'x@1', ownKey: false },
      generatedAt: '2026-11-23T10:00:00.000Z',
      suggestions: ['Passkeys', 'SQLite'],
    },
  }) as ProjectEvent;

describe('AI suggestions in the history', () => {
  it("names a guided list by its title and a builder step's suggestions by its category, not the internal kind", () => {
    expect(summarize(suggested('viralParameters', 'viralParameters'))).toBe('AI suggested 2 viral triggers (offline)');
    expect(summarize(suggested(null, 'coreTechnology'))).toBe('AI suggested 2 values for technical framework (offline)');
    expect(summarize(suggested(null, 'viralTrigger'))).toBe('AI suggested 2 values (offline)');
  });
});

describe('restores and undos in the history', () => {
  const at = '2026-11-23T10:00:00.000Z';
  it('says which revision a version came from, what came back from the trash and what an undo put back', () => {
    expect(
      summarize({ type: 'ProjectVersionRestored', data: { projectId: 'p1', revision: 3, content: {}, restoredAt: at } } as unknown as ProjectEvent),
    ).toBe('Restored the version of revision 3');
    expect(
      summarize({
        type: 'ProjectRestored',
        data: { projectId: 'p1', ownerId: 'visitor-ann', content: { name: 'Tip Wall' }, deletedAt: at, restoredAt: at },
      } as unknown as ProjectEvent),
    ).toBe("Restored the project 'Tip Wall' from the trash");
    expect(
      summarize({
        type: 'ParametersRestored',
        data: { projectId: 'p1', list: 'viralParameters', values: ['FOMO', 'Pride'], previous: ['Pride'], undoneRevision: 4, restoredAt: at },
      }),
    ).toBe('Undid a removal: 1 parameter back in viral triggers');
    expect(
      summarize({
        type: 'BuilderParametersRestored',
        data: { projectId: 'p1', category: 'emotion', step: 4, values: ['Pride', 'Awe', 'Joy'], previous: [], undoneRevision: 4, restoredAt: at },
      }),
    ).toBe('Undid a removal: 3 parameters back in emotion');
  });
});
