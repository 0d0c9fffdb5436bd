import { performance } from 'node:perf_hooks';
import type { Document, WriteOperation } from './document-store.ts';
import { openLmdbDocumentStore } from './lmdb-document-store.ts';

export interface BenchmarkFindByIdOptions {
  /** An LMDB directory; the benchmark writes its own collection there and drops it afterwards. */
  path: string;
  documents?: number;
  lookups?: number;
}

const COLLECTION = 'bench_projects';
const BATCH = 1_000;
// a prime stride visits the ids in a scattered order, as real requests would, yet every run the same way
const STRIDE = 7_919;

const projectDocument = (index: number): Document => ({
  _id: `project-${index}`,
  title: `Project ${index}`,
  ownerId: `user-${index % 97}`,
  stage: index % 7,
  progress: (index % 100) / 100,
  lists: {
    viralParameters: ['scarcity', 'social proof', 'curiosity gap'],
    audiences: ['founders', 'marketers'],
    formats: ['short video', 'carousel', 'thread'],
  },
  ideas: Array.from({ length: 5 }, (_, idea) => ({ id: `idea-${idea}`, text: `Idea ${idea} of project ${index}`, likes: idea })),
  revisions: { [`project-${index}`]: index % 50 },
  updatedAt: '2025-01-01T00:00:00.000Z',
});

/** Lookups per second of `findOne({ _id })` on the embedded store: the read behind GET /api/projects/:id. */
export async function benchmarkFindById({ path, documents = 10_000, lookups = 200_000 }: BenchmarkFindByIdOptions) {
  const store = openLmdbDocumentStore({ path });
  try {
    await store.dropCollection(COLLECTION);
    for (let start = 0; start < documents; start += BATCH) {
      const batch: WriteOperation[] = [];
      for (let index = start; index < Math.min(start + BATCH, documents); index++) {
        batch.push({ kind: 'replace', collection: COLLECTION, document: projectDocument(index) });
      }
      await store.bulkWrite(batch);
    }

    const began = performance.now();
    for (let lookup = 0; lookup < lookups; lookup++) {
      const found = await store.findOne(COLLECTION, { _id: `project-${(lookup * STRIDE) % documents}` });
      if (!found) throw new Error(`benchmark document ${lookup} is missing`);
    }
    const seconds = (performance.now() - began) / 1_000;

    await store.dropCollection(COLLECTION);
    return lookups / seconds;
  } finally {
    await store.close();
  }
}
