/**
 * A projection's status as the engine keeps it (`_projections`) and the operators' API answers it: one shape for
 * the engine (infrastructure/src/read-models/progress.ts) and the Operations screen, which reads only the domain's
 * contract, never server code.
 */

/** 'reconnecting': its subscription dropped and it is subscribing again (issue 15); it serves its last state meanwhile. */
export type ProjectionState = 'catching_up' | 'live' | 'rebuilding' | 'failed' | 'stopped' | 'reconnecting';

/** Why a projection stopped: the event it could not apply (or the gap it found before it) and what went wrong. */
export interface ProjectionError {
  message: string;
  /** Global position of the event the projection stopped at: its checkpoint stays before it. */
  position: number;
  eventType: string;
  streamId?: string;
  revision?: number;
  /** When the projection stopped (ISO time). */
  at?: string;
}

/** An operator's decision to pass over one event a projection could not apply. */
export interface SkippedEvent {
  position: number;
  eventType: string;
  streamId?: string;
  revision?: number;
  message: string;
  by: string;
  at: string;
}

/**
 * The rebuild under way beside the serving collection. `events`: how many it has read so far (positions are not
 * counts); `error`: why its last attempt failed, and when it is tried again (the serving collection keeps following
 * the log meanwhile).
 */
export interface ProjectionRebuild {
  collection: string;
  version: number;
  position: number;
  events?: number;
  startedAt: string;
  error?: { message: string; at: string; retryAt: string; attempts: number } | null;
}

export interface ProjectionStatusFields {
  _id: string;
  version: number;
  /** The physical collection readers use: switching it is how a rebuild goes live without downtime. */
  collection: string;
  /** Global position of the last event applied (a plain number: JSON-safe, exact up to 2^53). */
  position: number;
  state: ProjectionState;
  updatedAt: string;
  error?: ProjectionError | null;
  /** Events an operator chose to skip (`projections resume <name> --skip <position>`), oldest first. */
  skipped?: SkippedEvent[];
  /** Collections readers were switched away from, and when each may be dropped (readers elsewhere hear of a switch late). */
  retiring?: { collection: string; dropAfter: string }[];
  rebuild?: ProjectionRebuild | null;
}
