import {
  abuseLimitsFrom,
  createLogger,
  createRateLimiter,
  createSessionIdentifier,
  createSessionStore,
  followProjectionProgress,
  loadConfigOrExit,
  openDocumentStore,
  openEventStore,
  runService,
} from '@vis/infrastructure';
import { createAccounts } from './accounts/accounts.ts';
import { issuePublicCoupon } from './accounts/public-coupon.ts';
import { AI_PROCESS_PATH, createAiProcessChannel } from './ai/index.ts';
import { createCommandApi } from './app.ts';
import { authOptionsFrom } from './auth/config.ts';
import { paymentsFromConfig } from './payments/gateway.ts';
import { projectsOwnedByFrom } from './projects/adopt-visitor-projects.ts';

/** The command API as its own service (distributed topology: behind nginx, on EventStoreDB). */
const config = loadConfigOrExit();
const logger = createLogger({ level: config.LOG_LEVEL, name: 'command-api' });
const eventStore = openEventStore(config);
// Projects' own Gemini keys live encrypted in the document store (MongoDB here), never in the event log.
const documentStore = await openDocumentStore(config);
// Which projects a visitor who signs in takes along: the projection workers' project list says.
const progress = await followProjectionProgress(documentStore);
// Sessions and abuse counters in the document store: every replica of every service sees the same ones.
const sessionStore = createSessionStore({ documentStore });
const abuse = { limiter: createRateLimiter({ documentStore }), limits: abuseLimitsFrom(config) };
const aiProcess = createAiProcessChannel({ identify: createSessionIdentifier({ secret: config.SESSION_SECRET, store: sessionStore }), logger, site: { publicUrl: config.PUBLIC_URL, trustProxy: config.TRUST_PROXY } });
await issuePublicCoupon({ accounts: createAccounts({ eventStore }), eventStore, code: config.PUBLIC_COUPON_CODE, logger });
const app = createCommandApi({ eventStore, documentStore, sessionStore, abuse, trustProxy: config.TRUST_PROXY, logger, sessionSecret: config.SESSION_SECRET, secureCookies: config.NODE_ENV === 'production', opsToken: config.OPS_TOKEN, auth: authOptionsFrom(config), payments: paymentsFromConfig(config, logger), ai: { geminiApiKey: config.GEMINI_API_KEY, geminiModel: config.GEMINI_MODEL, secretsKey: config.SECRETS_KEY, documentStore, processChannel: aiProcess }, projectsOwnedBy: projectsOwnedByFrom(documentStore, progress) });
runService({
  name: 'command-api',
  host: config.HOST,
  port: config.PORT,
  logger,
  handle: app.callback(),
  webSockets: { [AI_PROCESS_PATH]: aiProcess },
  close: () => Promise.all([eventStore.close(), progress.close(), documentStore.close()]),
});
