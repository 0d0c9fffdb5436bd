/** Metadata every command carries. Time and ids arrive here so that deciders stay pure. */
export interface CommandMetadata {
  commandId: string;
  /** ISO timestamp supplied by the caller's clock. */
  now: string;
  /** Who asks: a signed-in user id or an anonymous visitor id. */
  actorId: string;
  /**
   * What was asked (a digest of method, path and body), when the command id comes from a client's
   * Idempotency-Key: a command id that comes back with another digest is the key reused for a different
   * request, which must be refused rather than answered with the first request's result.
   */
  requestDigest?: string;
  /** The HTTP request that gave the command (X-Request-Id): kept in its events' metadata, to match log lines across services. */
  requestId?: string;
}

export interface Command<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
  metadata: CommandMetadata;
}

export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

export interface Decider<C extends Command, E extends DomainEvent, S> {
  decide: (command: C, state: S) => E[];
  evolve: (state: S, event: E) => S;
  initialState: () => S;
  /**
   * Set when a long stream's folded state may be kept as a snapshot (plain data, Maps and Sets: no class
   * instances). A snapshot folded by another version is ignored, so this must change whenever `evolve`, the
   * state's shape or an upcaster of the stream's events does: each decider's fingerprint test says when.
   */
  snapshotVersion?: number;
}

export const fold = <E extends DomainEvent, S>(decider: Pick<Decider<never, E, S>, 'evolve' | 'initialState'>, events: readonly E[]): S =>
  events.reduce(decider.evolve, decider.initialState());
