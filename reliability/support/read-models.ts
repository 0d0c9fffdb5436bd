import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  openLmdbDocumentStore,
  PROJECTIONS_COLLECTION,
  silentLogger,
  type Document,
  type DocumentStore,
  type EventStore,
  type ProjectionStatus,
} from '@vis/infrastructure';
import { allProjections, createProjectionEngine } from '@vis/projections';

/** A JSON text with keys in a fixed order, so that equal documents give equal digests. */
const canonical = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
};

export interface ReadModelSnapshot {
  /** Projection name → its serving collection's documents, by id. */
  documents: Map<string, Map<string, string>>;
  digests: Map<string, string>;
}

/** Every projection's serving documents (the collection its status names), canonical, with one digest per projection. */
export const snapshotReadModels = async (documentStore: DocumentStore): Promise<ReadModelSnapshot> => {
  const statuses = await documentStore.find<ProjectionStatus>(PROJECTIONS_COLLECTION);
  const documents = new Map<string, Map<string, string>>();
  const digests = new Map<string, string>();
  for (const projection of allProjections) {
    const status = statuses.find((each) => each._id === projection.name);
    const docs = status ? await documentStore.find<Document>(status.collection) : [];
    const byId = new Map(docs.map((doc) => [doc._id, canonical(doc)] as const));
    const hash = createHash('sha256');
    for (const id of [...byId.keys()].sort()) hash.update(`${byId.get(id)}\n`);
    documents.set(projection.name, byId);
    digests.set(projection.name, hash.digest('hex'));
  }
  return { documents, digests };
};

/** The read models as a fresh engine builds them from the whole log, into a fresh document store. */
export const rebuildReadModels = async (eventStore: EventStore): Promise<ReadModelSnapshot> => {
  const dir = mkdtempSync(path.join(tmpdir(), 'vis-rebuild-'));
  const documentStore = openLmdbDocumentStore({ path: dir, syncEachWrite: false });
  const engine = createProjectionEngine({ eventStore, documentStore, projections: allProjections, logger: silentLogger() });
  try {
    await engine.start();
    const deadline = Date.now() + 60_000;
    while (!engine.isCaughtUp()) {
      if (Date.now() > deadline) throw new Error('the fresh rebuild did not catch up within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return await snapshotReadModels(documentStore);
  } finally {
    await engine.stop();
    await documentStore.close();
    rmSync(dir, { recursive: true, force: true });
  }
};

/** Per projection, the documents that differ between two snapshots (first few, with both versions). */
export const differences = (served: ReadModelSnapshot, rebuilt: ReadModelSnapshot) =>
  allProjections.flatMap(({ name }) => {
    if (served.digests.get(name) === rebuilt.digests.get(name)) return [];
    const a = served.documents.get(name)!;
    const b = rebuilt.documents.get(name)!;
    const ids = [...new Set([...a.keys(), ...b.keys()])].filter((id) => a.get(id) !== b.get(id));
    return [
      {
        projection: name,
        documents: ids.length,
        first: ids.slice(0, 3).map((id) => ({ id, served: a.get(id)?.slice(0, 400) ?? null, rebuilt: b.get(id)?.slice(0, 400) ?? null })),
      },
    ];
  });
