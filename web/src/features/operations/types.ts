/**
 * The operators' API's answers (projections/src/ops-app.ts), as the browser reads them. Declared here rather than
 * imported: the web app takes only the domain's contract, never server code.
 */
export type ProjectionState = 'catching_up' | 'live' | 'rebuilding' | 'failed' | 'stopped' | 'reconnecting';

export interface ProjectionRow {
  _id: string;
  version: number;
  collection: string;
  position: number;
  head: number;
  lag: number;
  lagSeconds: number | null;
  state: ProjectionState;
  /** The projections process holding this projection's lease (it applies it), null while none does. */
  owner: string | null;
  leaseExpiresAt: string | null;
  updatedAt: string;
  error?: { message: string; position: number; eventType: string; streamId?: string; revision?: number; at?: string } | null;
  skipped?: { position: number; eventType: string; by?: string; at?: string }[];
  /** `events`: how many the rebuild has read so far (positions are not counts); `error`: why its last attempt failed. */
  rebuild?: {
    collection: string;
    version: number;
    position: number;
    events?: number;
    startedAt: string;
    error?: { message: string; at: string; retryAt: string; attempts: number } | null;
  } | null;
}

export interface DryRun {
  projection: string;
  from: number;
  head: number;
  events: number;
}

export interface VerifyReport {
  projection: string;
  version: number;
  position: number;
  documents: { serving: number; rebuilt: number; identical: number; changedSince: number };
  differences: { id: string; kind: 'missing' | 'unexpected' | 'different'; fields: { path: string; serving: unknown; rebuilt: unknown }[] }[];
  gaps: { documentId: string; streamId: string; servingRevision: number | null; logRevision: number | null }[];
  buildFailure: { message: string; position: number } | null;
  ok: boolean;
}
