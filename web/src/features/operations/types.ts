import type { ProjectionStatusFields } from '@vis/domain';

export type { ProjectionState } from '@vis/domain';

/** The operators' API's answer for one projection (projections/src/ops-app.ts): its stored status, and how far behind it is. */
export interface ProjectionRow extends Omit<ProjectionStatusFields, 'retiring'> {
  head: number;
  lag: number;
  lagSeconds: number | null;
  /** The projections process holding this projection's lease (it applies it), null while none does. */
  owner: string | null;
  leaseExpiresAt: string | null;
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
