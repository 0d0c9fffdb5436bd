import { MAX_PROJECT_BYTES, projectContentBytes, projectDecider, type ProjectCommand, type ProjectEvent, type ProjectState } from '@vis/domain';
import { bsonBytes, MONGODB_MAX_DOCUMENT_BYTES } from '@vis/infrastructure/testing';
import { describe, expect, it } from 'vitest';
import type { ReadModel } from '../../engine/define-projection.ts';
import { projectsProjection, type ProjectDocument } from './projection.ts';

/**
 * The project bound (MAX_PROJECT_BYTES) is what keeps the `projects` read model's documents under MongoDB's 16 MB.
 * A project filled to the bound in the shape BSON stores least compactly (a list of empty texts: every index is a
 * key there) is folded by the real projection, and its document weighed as MongoDB would (docs/operations.md).
 */
const projectId = 'p-1';
const at = '2026-11-27T10:00:00.000Z';
const decide = (commands: Omit<ProjectCommand, 'metadata'>[]) => {
  let state: ProjectState = projectDecider.initialState();
  const events: ProjectEvent[] = [];
  for (const [index, command] of commands.entries()) {
    for (const event of projectDecider.decide(
      { ...command, metadata: { commandId: `c-${index}`, now: at, actorId: 'visitor-ann' } } as ProjectCommand,
      state,
    )) {
      state = projectDecider.evolve(state, event);
      events.push(event);
    }
  }
  return { state, events };
};
const documentOf = (events: ProjectEvent[]) => {
  let doc: ReadModel<ProjectDocument> | null = null;
  for (const [revision, event] of events.entries()) {
    const recorded = {
      ...event,
      id: `e-${revision}`,
      streamId: `project-${projectId}`,
      revision: BigInt(revision),
      position: BigInt(revision),
      metadata: { at },
      schemaVersion: 1,
      createdAt: new Date(at),
    };
    doc = projectsProjection.evolve(doc, recorded);
  }
  return { ...doc!, ...projectsProjection.derive!(doc!) };
};

describe("a project's read-model document at the project bound", () => {
  it('stays under 9.1 MB, well under MongoDB’s 16 MB, even when filled with empty texts (measured: 8.97 MB)', () => {
    const room = MAX_PROJECT_BYTES - projectContentBytes(decide([{ type: 'CreateProject', data: { projectId } }]).state);
    // Each empty text costs three bytes of JSON (its quotes and a comma); the last few bytes stay free.
    const targetAudience = Array.from({ length: Math.floor(room / 3) - 10 }, () => '');
    const { state, events } = decide([
      { type: 'CreateProject', data: { projectId } },
      { type: 'UpdateStageNotes', data: { projectId, stage: 5, fields: { targetAudience } } },
    ] as Omit<ProjectCommand, 'metadata'>[]);
    expect(MAX_PROJECT_BYTES - projectContentBytes(state)).toBeLessThan(100);
    const document = documentOf(events);
    expect(Buffer.byteLength(JSON.stringify(document)) / projectContentBytes(state)).toBeLessThan(1.01);
    const bytes = bsonBytes(document);
    expect(bytes / projectContentBytes(state)).toBeGreaterThan(4);
    expect(bytes).toBeLessThan(9_100_000);
    expect(bytes).toBeLessThan(MONGODB_MAX_DOCUMENT_BYTES);
  });
});
