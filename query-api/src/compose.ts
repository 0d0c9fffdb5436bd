import {
  createSessionIdentifier,
  isOpsToken,
  operatorAccessFrom,
  siteFrom,
  type Abuse,
  type Config,
  type DocumentStore,
  type EventStore,
  type Logger,
  type Metrics,
  type ProjectionProgress,
  type SessionStore,
  type WebSocketEndpoint,
} from '@vis/infrastructure';
import { createQueryApi } from './app.ts';
import { createTopicAuthorizer } from './live/authorize-topic.ts';
import { createLiveUpdates } from './live/live-updates.ts';

export type QueryServiceConfig = Pick<Config, 'SESSION_SECRET' | 'NODE_ENV' | 'READ_YOUR_WRITES_TIMEOUT_MS'> &
  Partial<Pick<Config, 'TRUST_PROXY' | 'PUBLIC_URL' | 'OPS_TOKEN' | 'OPERATOR_EMAILS' | 'PUBLIC_COUPON_CODE'>>;

export interface QueryServiceDeps {
  config: QueryServiceConfig;
  documentStore: DocumentStore;
  /** Read only: project histories and time travel fold the project's stream. */
  eventStore: EventStore;
  progress: ProjectionProgress;
  logger: Logger;
  /** The process's session records and abuse counters (`createVisitorRecords`): shared with its other services. */
  sessionStore: SessionStore;
  abuse: Abuse;
  /** The process's metrics: `/ws` connections are counted there. */
  metrics?: Metrics;
}

/**
 * The query API and its live updates on `/ws`, wired from configuration: the one place that does it, for the
 * service's own `main.ts` and for the embedded server. Closing the WebSockets is left to whoever serves them
 * (`close` here, or `runService`); the stores stay the caller's.
 */
export const composeQueryService = ({ config, documentStore, eventStore, progress, logger, sessionStore, abuse, metrics }: QueryServiceDeps) => {
  const trustProxy = config.TRUST_PROXY ?? false;
  const operators = operatorAccessFrom(config, { secret: config.SESSION_SECRET, store: sessionStore });
  const app = createQueryApi({
    documentStore,
    eventStore,
    sessionStore,
    abuse,
    trustProxy,
    production: config.NODE_ENV === 'production',
    progress,
    logger,
    sessionSecret: config.SESSION_SECRET,
    readYourWritesTimeoutMs: config.READ_YOUR_WRITES_TIMEOUT_MS,
    operators,
    publicCouponCode: config.PUBLIC_COUPON_CODE,
  });
  const live = createLiveUpdates({
    documentStore,
    progress,
    logger,
    identify: createSessionIdentifier({ secret: config.SESSION_SECRET, store: sessionStore, operators }),
    isOpsToken: (token) => isOpsToken(token, operators),
    authorize: createTopicAuthorizer({ documentStore, progress, readYourWritesTimeoutMs: config.READ_YOUR_WRITES_TIMEOUT_MS }),
    site: siteFrom(config),
  });
  metrics?.countWebSocketClients('/ws', live.clientCount);
  const webSockets: Record<string, WebSocketEndpoint> = { '/ws': live };
  return { app, webSockets, operators, close: () => live.close() };
};

export type QueryService = ReturnType<typeof composeQueryService>;
