import { createRateLimiter, createSessionIdentifier, createSessionStore, KEY_VAULT_COLLECTION, NO_ABUSE_LIMITS } from '@vis/infrastructure';
import { openTestStores } from '@vis/infrastructure/testing';
import { pino } from 'pino';
import request from 'supertest';
import { createAccounts } from '../../accounts/accounts.ts';
import { createCommandApi } from '../../app.ts';
import { createAiProcessChannel } from '../process-channel.ts';
import type { FakeGemini } from './fake-gemini.ts';

export const SESSION_SECRET = 's'.repeat(32);
export const SERVER_GEMINI_KEY = 'AIzaSy-server-key-for-tests-0001';
export const NOW = new Date('2026-11-23T10:00:00.000Z');

/**
 * The real command API on fresh embedded stores, with the AI wired as the servers wire it: the key vault on the
 * document store, `/ws/ai-process` on a channel the test can route upgrades to, and every log line kept so that
 * a test can search them for key text.
 */
export const startAiApp = async ({
  gemini,
  serverKey = gemini ? SERVER_GEMINI_KEY : undefined,
  clock = () => NOW,
  shared,
}: {
  gemini?: FakeGemini;
  serverKey?: string;
  clock?: () => Date;
  /** Another app's stores: a second replica of the command API beside it (its cleanup leaves them open). */
  shared?: Awaited<ReturnType<typeof openTestStores>>;
} = {}) => {
  const stores = shared ?? (await openTestStores());
  const logLines: string[] = [];
  const logger = pino({ level: 'debug' }, { write: (line: string) => void logLines.push(line) });
  const sessionStore = createSessionStore({ documentStore: stores.documentStore });
  const processChannel = createAiProcessChannel({
    identify: createSessionIdentifier({ secret: SESSION_SECRET, store: sessionStore }),
    logger,
    documentStore: stores.documentStore,
  });
  const app = createCommandApi({
    eventStore: stores.eventStore,
    documentStore: stores.documentStore,
    sessionStore,
    // The free-play limit per address has tests of its own (server/abuse); here one address is many visitors.
    abuse: { limiter: createRateLimiter({ documentStore: stores.documentStore, clock }), limits: NO_ABUSE_LIMITS },
    logger,
    sessionSecret: SESSION_SECRET,
    secureCookies: false,
    clock,
    ai: {
      geminiApiKey: serverKey,
      geminiModel: 'gemini-test-model',
      geminiBaseUrl: gemini?.baseUrl,
      secretsKey: 'ab'.repeat(32),
      documentStore: stores.documentStore,
      processChannel,
      timeoutMs: 5000,
    },
  });
  const accounts = createAccounts({ eventStore: stores.eventStore });
  return {
    stores,
    app,
    accounts,
    logLines,
    processChannel,
    visitor: () => request.agent(app.callback()),
    events: () => stores.eventStore.readAll(),
    vaultDocuments: () => stores.documentStore.find(KEY_VAULT_COLLECTION),
    /** Everything a key could leak into: the event log (data and metadata), the log lines and the vault's records. */
    everythingStored: async () =>
      JSON.stringify(await stores.eventStore.readAll(), (_, value: unknown) => (typeof value === 'bigint' ? String(value) : value)) +
      logLines.join('\n') +
      JSON.stringify(await stores.documentStore.find(KEY_VAULT_COLLECTION)),
    cleanup: async () => {
      await processChannel.close();
      if (!shared) await stores.cleanup();
    },
  };
};

export type AiApp = Awaited<ReturnType<typeof startAiApp>>;
export type Visitor = ReturnType<AiApp['visitor']>;

/** The visitor's account id, as the gateway charges it: from the event a new project records. */
export const createProject = async (visitor: Visitor, body: object = {}) => {
  const res = await visitor.post('/api/projects').send(body);
  if (res.status !== 201) throw new Error(`project not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.project.id as string;
};

/** The Cookie header the agent sends, for a WebSocket opened by the same browser. */
export const cookieOf = async (visitor: Visitor) => {
  const res = await visitor.post('/api/projects').send({});
  const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  return { cookie: cookies.map((cookie) => cookie.split(';')[0]).join('; '), projectId: res.body.project.id as string };
};
