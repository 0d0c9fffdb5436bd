import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Seconds. Commands and appends take a few milliseconds here (DESIGN.md); the top buckets catch the stalls. */
const COMMAND_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
/** Seconds. A model call takes seconds; the offline generator, microseconds. */
const AI_BUCKETS = [0.01, 0.1, 0.5, 1, 2, 5, 10, 20, 30, 60];

/** What a projection engine reports of each projection (the engine's status rows), for the gauges below. */
export interface ProjectionGaugeRow {
  _id: string;
  state: string;
  position: number | string | bigint;
  head?: number | string | bigint;
  lag?: number | string | bigint;
  lagSeconds?: number | null;
}

/** How a command ended: appended, answered from an earlier identical request, refused by the domain, lost a race, or failed. */
export type CommandOutcome = 'accepted' | 'repeated' | 'unchanged' | 'refused' | 'conflict' | 'failed';

/** The projection states a gauge has a series for, so a state that ends drops to 0 rather than vanishing. */
const PROJECTION_STATES = ['catching_up', 'live', 'rebuilding', 'failed', 'stopped', 'reconnecting'] as const;

/**
 * The process's Prometheus metrics (prom-client), one registry per process: the embedded server shares it between
 * its services; each distributed service has its own. Instruments are named for what an operator asks (how many
 * commands failed, how far behind is a projection), and labels stay few and bounded (command types, projection
 * names, providers): never an id, a user or a path with ids in it.
 */
/** How often the event loop's delay is sampled (prom-client's default is every 10 ms). */
const EVENT_LOOP_SAMPLE_MS = 1_000;

export const createMetrics = () => {
  const registry = new Registry();
  // The event loop's delay is sampled by a timer: at prom-client's default of every 10 ms it was most of an idle
  // server's CPU (100 wake-ups a second). Once a second still catches every stall longer than a second, and
  // those shorter when they fall on a sample; the request histograms show the rest.
  collectDefaultMetrics({ register: registry, prefix: 'vis_', eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS });
  const registers = [registry];

  const commands = new Counter({
    name: 'vis_commands_total',
    help: 'Commands handled, by type and outcome',
    labelNames: ['type', 'outcome'] as const,
    registers,
  });
  const commandSeconds = new Histogram({
    name: 'vis_command_duration_seconds',
    help: 'Time from reading the stream to the append (or the refusal), by command type and outcome',
    labelNames: ['type', 'outcome'] as const,
    buckets: COMMAND_BUCKETS,
    registers,
  });
  const appends = new Counter({
    name: 'vis_appends_total',
    help: 'Appends to the event store, by outcome',
    labelNames: ['outcome'] as const,
    registers,
  });
  const appendedEvents = new Counter({ name: 'vis_appended_events_total', help: 'Events appended to the event store', registers });
  const appendSeconds = new Histogram({
    name: 'vis_append_duration_seconds',
    help: 'Time of one append, durable',
    buckets: COMMAND_BUCKETS,
    registers,
  });
  const aiCalls = new Counter({
    name: 'vis_ai_calls_total',
    help: 'AI model calls, by use, provider (gemini, offline) and outcome (ok, or why it failed)',
    labelNames: ['use', 'provider', 'outcome'] as const,
    registers,
  });
  const aiSeconds = new Histogram({
    name: 'vis_ai_call_duration_seconds',
    help: 'Time of one AI model call, by provider',
    labelNames: ['provider'] as const,
    buckets: AI_BUCKETS,
    registers,
  });
  const rateLimitRefusals = new Counter({
    name: 'vis_rate_limit_refusals_total',
    help: 'Requests refused with 429 by an abuse limit, by limit',
    labelNames: ['limit'] as const,
    registers,
  });
  const webSocketEndpoints = new Map<string, () => number>();
  new Gauge({
    name: 'vis_websocket_clients',
    help: 'Open WebSocket connections, by endpoint',
    labelNames: ['endpoint'] as const,
    registers,
    collect() {
      for (const [endpoint, count] of webSocketEndpoints) this.set({ endpoint }, count());
    },
  });

  return {
    registry,
    commands,
    commandSeconds,
    appends,
    appendedEvents,
    appendSeconds,
    aiCalls,
    aiSeconds,
    rateLimitRefusals,
    /** The endpoint's open connections, read when Prometheus scrapes. */
    countWebSocketClients: (endpoint: string, count: () => number) => {
      webSocketEndpoints.set(endpoint, count);
    },
    /** For `observeCommands`: every command and append on a store, counted and timed. */
    commandObserver: {
      command: ({ type, outcome, seconds }: { type: string; outcome: CommandOutcome; seconds: number }) => {
        commands.inc({ type, outcome });
        commandSeconds.observe({ type, outcome }, seconds);
      },
      append: ({ outcome, events, seconds }: { outcome: 'ok' | 'conflict' | 'failed'; events: number; seconds: number }) => {
        appends.inc({ outcome });
        if (outcome === 'ok') {
          appendedEvents.inc(events);
          appendSeconds.observe(seconds);
        }
      },
    },
    /**
     * Projection gauges, read from the engine when Prometheus scrapes (not pushed on every event): position, head,
     * lag in events and seconds, and state (1 for the current state, 0 for the others).
     */
    followProjections: (rows: () => Promise<readonly ProjectionGaugeRow[]> | readonly ProjectionGaugeRow[]) => {
      let refresh: Promise<void> | undefined;
      // One read of the engine per scrape, whichever gauge collects first.
      const collect = () =>
        (refresh ??= (async () => {
          try {
            for (const row of await rows()) {
              const labels = { projection: row._id };
              position.set(labels, Number(row.position));
              if (row.head !== undefined) head.set(labels, Number(row.head));
              if (row.lag !== undefined) lag.set(labels, Number(row.lag));
              if (row.lagSeconds !== undefined && row.lagSeconds !== null) lagSeconds.set(labels, row.lagSeconds);
              for (const each of new Set([...PROJECTION_STATES, row.state]))
                state.set({ projection: row._id, state: each }, each === row.state ? 1 : 0);
            }
          } finally {
            setImmediate(() => (refresh = undefined));
          }
        })());
      const gauge = (name: string, help: string) => new Gauge({ name, help, labelNames: ['projection'] as const, registers, collect });
      const position = gauge('vis_projection_position', 'Last log position a projection applied');
      const head = gauge('vis_projection_head', 'Last position in the log');
      const lag = gauge('vis_projection_lag_events', 'Events a projection is behind the head, counted up to 1,000 (at least that many beyond)');
      const lagSeconds = gauge('vis_projection_lag_seconds', 'How old the oldest event a projection has not applied is (0 when caught up)');
      const state = new Gauge({
        name: 'vis_projection_state',
        help: 'A projection state: 1 for the current one (catching_up, live, rebuilding, failed, stopped, reconnecting)',
        labelNames: ['projection', 'state'] as const,
        registers,
        collect,
      });
    },
  };
};

export type Metrics = ReturnType<typeof createMetrics>;
