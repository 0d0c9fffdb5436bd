import {
  operatorAccessFrom,
  siteFrom,
  createSessionIdentifier,
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
import { AI_PROCESS_PATH, createAiProcessChannel } from './ai/index.ts';
import { createCommandApi } from './app.ts';
import { authOptionsFrom } from './auth/config.ts';
import { paymentsFromConfig, type PaymentsGateway } from './payments/gateway.ts';
import { ideasOwnedByFrom, projectsOwnedByFrom } from './projects/adopt-visitor-projects.ts';
import { projectNamesOwnedByFrom } from './projects/unique-names.ts';

export type CommandServiceConfig = Pick<Config, 'SESSION_SECRET' | 'NODE_ENV'> &
  Partial<
    Pick<
      Config,
      | 'TRUST_PROXY'
      | 'PUBLIC_URL'
      | 'OPS_TOKEN'
      | 'OPERATOR_EMAILS'
      | 'LOCAL_SIGN_IN_OPERATORS'
      | 'GOOGLE_CLIENT_ID'
      | 'GOOGLE_CLIENT_SECRET'
      | 'STRIPE_SECRET_KEY'
      | 'STRIPE_WEBHOOK_SECRET'
      | 'STRIPE_PRICE_ID'
      | 'STRIPE_PRICE_LOOKUP_KEY'
      | 'STRIPE_PUBLISHABLE_KEY'
      | 'GEMINI_API_KEY'
      | 'GEMINI_MODEL'
      | 'GEMINI_BASE_URL'
      | 'SECRETS_KEY'
    >
  >;

export interface CommandServiceDeps {
  config: CommandServiceConfig;
  eventStore: EventStore;
  /** Projects' own Gemini keys live encrypted here, beside the read models, never in the event log. */
  documentStore: DocumentStore;
  /** Which projects a visitor who signs in takes along: the projections' project list says, once it has caught up. */
  progress: ProjectionProgress;
  logger: Logger;
  /** The process's session records and abuse counters (`createVisitorRecords`): shared with its other services. */
  sessionStore: SessionStore;
  abuse: Abuse;
  /** The process's metrics: AI calls are counted there. */
  metrics?: Metrics;
  /** Stand-ins for what the configuration would build. */
  overrides?: {
    /** A Stripe client pointed at a local fake, say. */
    payments?: PaymentsGateway;
    /** Gemini at a local fake (tests). */
    geminiBaseUrl?: string;
    /** The key that encrypts projects' Gemini keys, when not SECRETS_KEY (the embedded server keeps one in its data directory). */
    secretsKey?: string;
  };
}

/**
 * The command API and its `/ws/ai-process` channel, wired from configuration: the one place that does it, for the
 * service's own `main.ts` and for the embedded server. Closing the WebSockets is left to whoever serves them
 * (`close` here, or `runService`); the stores stay the caller's.
 */
export const composeCommandService = ({
  config,
  eventStore,
  documentStore,
  progress,
  logger,
  sessionStore,
  abuse,
  metrics,
  overrides = {},
}: CommandServiceDeps) => {
  const trustProxy = config.TRUST_PROXY ?? false;
  const operators = operatorAccessFrom(config, { secret: config.SESSION_SECRET, store: sessionStore });
  const aiProcess = createAiProcessChannel({
    identify: createSessionIdentifier({ secret: config.SESSION_SECRET, store: sessionStore }),
    logger,
    documentStore,
    site: siteFrom(config),
  });
  const payments = overrides.payments ?? paymentsFromConfig(config, logger);
  const app = createCommandApi({
    eventStore,
    documentStore,
    sessionStore,
    abuse,
    trustProxy,
    logger,
    sessionSecret: config.SESSION_SECRET,
    secureCookies: config.NODE_ENV === 'production',
    operators,
    auth: authOptionsFrom(config),
    payments,
    ai: {
      geminiApiKey: config.GEMINI_API_KEY,
      geminiModel: config.GEMINI_MODEL,
      geminiBaseUrl: overrides.geminiBaseUrl ?? config.GEMINI_BASE_URL,
      secretsKey: overrides.secretsKey ?? config.SECRETS_KEY,
      documentStore,
      processChannel: aiProcess,
    },
    projectsOwnedBy: projectsOwnedByFrom(documentStore, progress),
    projectNamesOwnedBy: projectNamesOwnedByFrom(documentStore, progress, eventStore),
    ideasOwnedBy: ideasOwnedByFrom(documentStore, progress, eventStore),
    metrics,
  });
  const webSockets: Record<string, WebSocketEndpoint> = { [AI_PROCESS_PATH]: aiProcess };
  return {
    app,
    webSockets,
    /** Who is an operator here: `/metrics` asks the same. */
    operators,
    /** Whether payments are on: the web app's security headers allow Stripe's hosts only then. */
    payments: Boolean(payments),
    close: () => {
      app.stopTimers();
      return aiProcess.close();
    },
  };
};

export type CommandService = ReturnType<typeof composeCommandService>;
