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
}

export const fold = <E extends DomainEvent, S>(decider: Pick<Decider<never, E, S>, 'evolve' | 'initialState'>, events: readonly E[]): S =>
  events.reduce(decider.evolve, decider.initialState());
