import type Router from '@koa/router';
import {
  createDocumentKeyVault,
  createMemoryKeyVault,
  createSessionIdentifier,
  type Abuse,
  type DocumentStore,
  type EventStore,
  type Logger,
  type Metrics,
  type SessionStore,
} from '@vis/infrastructure';
import { randomBytes } from 'node:crypto';
import type { Accounts } from '../accounts/accounts.ts';
import { createAiGateway } from './ai-gateway.ts';
import { verifyGeminiKey } from './gemini/gemini-provider.ts';
import { keyRoutes } from './key-routes.ts';
import { createOfflineProvider } from './offline/offline-provider.ts';
import { createAiProcessChannel, type AiProcessChannel } from './process-channel.ts';
import { createAiRateLimit } from './rate-limit.ts';
import { aiRoutes } from './routes.ts';
import { createStageAnswers, stageAnswerRoutes } from './stage-answers.ts';

export { AI_PROCESS_PATH, createAiProcessChannel, type AiProcessChannel } from './process-channel.ts';

export const DEFAULT_GEMINI_MODEL = 'gemini-2.0-flash';

/** Settings of the AI gateway, all optional: without any, AI runs offline and keys live in memory. */
export interface AiOptions {
  /** The server's Gemini key (GEMINI_API_KEY). Without it, requests without a project key run offline. */
  geminiApiKey?: string;
  geminiModel?: string;
  /** Where Gemini is (tests: a local fake). */
  geminiBaseUrl?: string;
  /** Encrypts projects' own keys at rest (SECRETS_KEY, 64 hex characters). */
  secretsKey?: string;
  /** Where encrypted keys are kept; without it, in memory (tests of other features). */
  documentStore?: DocumentStore;
  /** `/ws/ai-process`; the caller routes upgrades to it (`handleUpgrade`). */
  processChannel?: AiProcessChannel;
  timeoutMs?: number;
}

/** The AI calls, the key endpoints and their shared gateway, on the command API's router. */
export const registerAi = (
  router: Router,
  {
    eventStore,
    documentStore,
    accounts,
    logger,
    clock,
    newId,
    sessionStore,
    sessionSecret,
    abuse,
    options = {},
    metrics,
  }: {
    eventStore: EventStore;
    /** The AI request journal's home (and the key vault's, unless `options.documentStore` names another). */
    documentStore: DocumentStore;
    accounts: Accounts;
    logger: Logger;
    clock: () => Date;
    newId: () => string;
    sessionSecret: string;
    sessionStore: SessionStore;
    abuse: Abuse;
    options?: AiOptions;
    metrics?: Metrics;
  },
) => {
  const model = options.geminiModel ?? DEFAULT_GEMINI_MODEL;
  const gemini = { apiKey: options.geminiApiKey, model, baseUrl: options.geminiBaseUrl };
  // A fresh server key when none is given: keys stored by this process are readable by it alone.
  const secretsKey = options.secretsKey ?? randomBytes(32).toString('hex');
  const vault = options.documentStore
    ? createDocumentKeyVault({
        documentStore: options.documentStore,
        secretsKey,
        clock,
        onUnreadable: (projectId) => logger.warn({ projectId }, 'a stored Gemini key cannot be opened with this SECRETS_KEY; treated as none'),
      })
    : createMemoryKeyVault();
  const processes =
    options.processChannel ??
    createAiProcessChannel({ identify: createSessionIdentifier({ secret: sessionSecret, store: sessionStore }), logger, documentStore, clock });
  const rateLimit = createAiRateLimit(abuse);
  const gateway = createAiGateway({
    eventStore,
    accounts,
    vault,
    logger,
    clock,
    newId,
    gemini,
    offline: createOfflineProvider(),
    processes,
    rateLimit,
    timeoutMs: options.timeoutMs ?? 60_000,
    metrics,
    documentStore,
  });
  const stageAnswers = createStageAnswers({ documentStore, eventStore, clock, newId, logger });
  aiRoutes(router, { gateway, stageAnswers });
  stageAnswerRoutes(router, { gateway, stageAnswers });
  keyRoutes(router, {
    eventStore,
    gateway,
    vault,
    rateLimit,
    clock,
    newId,
    verify: (apiKey) => verifyGeminiKey({ apiKey, model, baseUrl: gemini.baseUrl }, AbortSignal.timeout(15_000)),
  });
  return { gateway, processes, vault };
};
