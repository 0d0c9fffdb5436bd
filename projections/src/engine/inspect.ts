import type { Document, DocumentStore, EventStore, Filter, Logger } from '@vis/infrastructure';
import type { Projection } from './define-projection.ts';
import { readLogPages } from './read-log.ts';
import type { Statuses } from './status.ts';
import { buildTemporary, digest, documentsInOrder, fieldDifferences, type FieldDifference, type TemporaryBuild } from './temporary.ts';

export interface DocumentDifference {
  id: string;
  /** `missing`: the log makes this document and the serving collection lacks it; `unexpected`: the other way round. */
  kind: 'missing' | 'unexpected' | 'different';
  servingDigest: string | null;
  rebuiltDigest: string | null;
  fields: FieldDifference[];
}

/** A document whose record of a stream disagrees with the log: events of that stream were skipped (or applied twice). */
export interface StreamRevisionFinding {
  documentId: string;
  streamId: string;
  /** The last revision of the stream the serving document applied (null: none). */
  servingRevision: number | null;
  /** The last revision of the stream the log gives this document up to the serving position. */
  logRevision: number | null;
}

export interface VerifyReport {
  projection: string;
  version: number;
  collection: string;
  /** The serving projection's position when the verify began: the log was rebuilt up to it. */
  position: number;
  documents: { serving: number; rebuilt: number; identical: number; changedSince: number };
  differences: DocumentDifference[];
  gaps: StreamRevisionFinding[];
  /** The rebuild from the log itself stopped (a handler threw, or the log has a gap): every difference after it is moot. */
  buildFailure: TemporaryBuild['failure'];
  ok: boolean;
}

export interface AsOfReport {
  projection: string;
  /** The last event applied: at or before the requested position or time. */
  position: number;
  events: number;
  total: number;
  documents: Document[];
  failure: TemporaryBuild['failure'];
}

export interface DryRunReport {
  projection: string;
  /** The rebuild reads every event after this position... */
  from: number;
  /** ...up to the head of the log as it is now (live appends follow). */
  head: number;
  events: number;
}

/** A position (digits) or an ISO time, as operators write them on the command line or in a query string. */
export const parseAt = (at: string): { position: number } | { time: Date } => {
  if (/^\d+$/.test(at.trim())) return { position: Number(at) };
  const time = new Date(at);
  if (Number.isNaN(time.getTime())) throw new RangeError(`--at takes a position (a number) or an ISO time, got ${JSON.stringify(at)}`);
  return { time };
};

const MAX_DIFFERENCES = 1_000;

/**
 * Operators' read-only looks at a projection through the log: `verify` (rebuild aside, compare with the serving
 * collection), `asOf` (the read model at a past position or time) and `dryRun` (what a rebuild would read). Each
 * builds into a temporary collection named after the projection and drops it afterwards, whatever happens.
 */
export const createInspections = ({
  eventStore,
  documentStore,
  statuses,
  byName,
  clock,
  logger,
  pageSize,
  cacheLimit,
  flushEvery,
}: {
  eventStore: EventStore;
  documentStore: DocumentStore;
  statuses: Statuses;
  byName: ReadonlyMap<string, Projection>;
  clock: () => Date;
  logger: Logger;
  pageSize: number;
  cacheLimit: number;
  flushEvery: number;
}) => {
  const deps = { eventStore, documentStore, pageSize, cacheLimit, flushEvery };
  const projectionNamed = (name: string) => {
    const projection = byName.get(name);
    if (!projection) throw new RangeError(`unknown projection ${name}; known: ${[...byName.keys()].join(', ')}`);
    return projection;
  };
  const temporaryName = (projection: Projection, purpose: string) =>
    `${projection.name}_${purpose}_${clock().getTime().toString(36)}${Math.floor(Math.random() * 36 ** 4).toString(36)}`;
  const withTemporary = async <T>(projection: Projection, purpose: string, work: (collection: string) => Promise<T>) => {
    const collection = temporaryName(projection, purpose);
    try {
      return await work(collection);
    } finally {
      await documentStore
        .dropCollection(collection)
        .catch((error: unknown) => logger.error({ err: error, collection }, 'could not drop a temporary collection'));
    }
  };

  const verify = async (name: string): Promise<VerifyReport> => {
    const projection = projectionNamed(name);
    const status = await statuses.read(name);
    if (!status) throw new RangeError(`${name} has not started yet: nothing to verify`);
    const skipped = new Set((status.skipped ?? []).map((event) => event.position));
    return withTemporary(projection, 'verify', async (collection) => {
      const build = await buildTemporary(deps, projection, collection, { position: status.position }, skipped);
      const report: VerifyReport = {
        projection: name,
        version: status.version,
        collection: status.collection,
        position: status.position,
        documents: { serving: 0, rebuilt: 0, identical: 0, changedSince: 0 },
        differences: [],
        gaps: [],
        buildFailure: build.failure,
        ok: false,
      };
      const note = (difference: DocumentDifference) => {
        if (report.differences.length < MAX_DIFFERENCES) report.differences.push(difference);
      };
      const audit = (id: string, serving: Document | null, rebuilt: Document | null) => {
        const servingStreams = serving?._streams as Record<string, number> | undefined;
        const rebuiltStreams = (rebuilt?._streams as Record<string, number> | undefined) ?? {};
        // A document written before the engine kept `_streams` has no record to audit.
        if (serving && !servingStreams) return;
        for (const streamId of new Set([...Object.keys(servingStreams ?? {}), ...Object.keys(rebuiltStreams)])) {
          const servingRevision = servingStreams?.[streamId] ?? null;
          const logRevision = rebuiltStreams[streamId] ?? null;
          if (servingRevision !== logRevision && report.gaps.length < MAX_DIFFERENCES) {
            report.gaps.push({ documentId: id, streamId, servingRevision, logRevision });
          }
        }
      };
      const compare = (serving: Document | null, rebuilt: Document | null) => {
        const id = (serving ?? rebuilt)!._id;
        if (serving && Number(serving._position ?? 0) > status.position) {
          report.documents.changedSince++; // the live projection moved this document on since the verify began
          return;
        }
        // Legacy documents (no `_streams`) are compared without it: the audit has nothing to go on there.
        const rebuiltComparable = serving && rebuilt && !('_streams' in serving) ? withoutStreams(rebuilt) : rebuilt;
        const servingDigest = serving ? digest(serving) : null;
        const rebuiltDigest = rebuiltComparable ? digest(rebuiltComparable) : null;
        if (servingDigest === rebuiltDigest) {
          report.documents.identical++;
          return;
        }
        note({
          id,
          kind: !serving ? 'missing' : !rebuilt ? 'unexpected' : 'different',
          servingDigest,
          rebuiltDigest,
          fields: fieldDifferences(serving ?? {}, rebuiltComparable ?? {}),
        });
        audit(id, serving, rebuilt);
      };

      // Both collections in `_id` order: a merge join, a page of each at a time.
      const servingDocs = documentsInOrder(documentStore, status.collection);
      const rebuiltDocs = documentsInOrder(documentStore, collection);
      let serving = await servingDocs.next();
      let rebuilt = await rebuiltDocs.next();
      while (!serving.done || !rebuilt.done) {
        const servingId = serving.done ? undefined : serving.value._id;
        const rebuiltId = rebuilt.done ? undefined : rebuilt.value._id;
        if (servingId !== undefined && (rebuiltId === undefined || servingId < rebuiltId)) {
          report.documents.serving++;
          compare(serving.value as Document, null);
          serving = await servingDocs.next();
        } else if (rebuiltId !== undefined && (servingId === undefined || rebuiltId < servingId)) {
          report.documents.rebuilt++;
          compare(null, rebuilt.value as Document);
          rebuilt = await rebuiltDocs.next();
        } else {
          report.documents.serving++;
          report.documents.rebuilt++;
          compare(serving.value as Document, rebuilt.value as Document);
          serving = await servingDocs.next();
          rebuilt = await rebuiltDocs.next();
        }
      }
      report.ok = report.differences.length === 0 && report.gaps.length === 0 && !report.buildFailure;
      logger.info(
        { projection: name, position: status.position, ok: report.ok, differences: report.differences.length, gaps: report.gaps.length },
        'projection verified',
      );
      return report;
    });
  };

  const asOf = async (
    name: string,
    at: { position: number } | { time: Date },
    { filter = {}, limit = 50, skip = 0 }: { filter?: Filter; limit?: number; skip?: number } = {},
  ): Promise<AsOfReport> => {
    const projection = projectionNamed(name);
    const status = await statuses.read(name);
    const skipped = new Set((status?.skipped ?? []).map((event) => event.position));
    return withTemporary(projection, 'asof', async (collection) => {
      const build = await buildTemporary(deps, projection, collection, 'position' in at ? { position: at.position } : { time: at.time }, skipped);
      return {
        projection: name,
        position: build.position,
        events: build.events,
        total: await documentStore.count(collection, filter),
        documents: await documentStore.find(collection, filter, { sort: { _id: 1 }, skip, limit }),
        failure: build.failure,
      };
    });
  };

  const dryRun = async (name: string): Promise<DryRunReport> => {
    projectionNamed(name);
    const head = Number(await eventStore.headPosition());
    let events = 0;
    for await (const page of readLogPages(eventStore, { after: 0, until: head, pageSize })) events += page.length;
    return { projection: name, from: 0, head, events };
  };

  return { verify, asOf, dryRun };
};

const withoutStreams = ({ _streams, ...document }: Document) => document as Document;
