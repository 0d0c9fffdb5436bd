import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { AI_PROCESS_BUSY_MESSAGE, AI_PROCESS_BUSY_TITLE, AI_PROGRESS_STEPS, ConflictError, type AiProgressStatus } from '@vis/domain';
import { dropDeadSockets, followChanges, refuseCrossSiteUpgrade, type DocumentStore, type Logger, type SiteOptions } from '@vis/infrastructure';
import { WebSocket, WebSocketServer } from 'ws';
import { AI_PROCESS_MESSAGES_COLLECTION, createProcessWindows, windowIdOf, WindowBusyError, type ProcessMessageDocument } from './process-windows.ts';

/** The path the command API serves live AI progress on, and the header an HTTP AI request names its socket by. */
export const AI_PROCESS_PATH = '/ws/ai-process';
export const AI_PROCESS_HEADER = 'x-ai-process';
const CLIENT_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** One AI request's progress, as its socket hears it. Every method is safe to call after the socket has gone. */
export interface AiProcess {
  update(status: Exclude<AiProgressStatus, 'complete'>, content: string): void;
  complete(content: string): void;
  fail(content: string): void;
  /** Frees the window once every message before it is written: a request answered over HTTP is no longer busy. */
  end(): Promise<void>;
}

const silent: AiProcess = { update: () => {}, complete: () => {}, fail: () => {}, end: async () => {} };

/**
 * command-api `/ws/ai-process` (spec 01 §4 "AI process", §7). A browser connects with `?client=<id>` (or gets
 * an id in the first message, `{ type: 'ai_process_ready', clientId }`) and sends its AI requests with the
 * header `X-AI-Process: <id>`; while such a request runs, that socket hears `ai_process_update` messages at 10
 * (processing), 70 (analyzing), 90 (saving) and 100 (complete; `data.type: 'response'`), or a final
 * `data.status: 'error'`. Sockets and requests are matched by the session cookie too, so nobody can listen to
 * another visitor's requests by guessing an id. One process at a time per socket: a second request naming a
 * busy socket is refused (409) before anything is charged. A socket that closes or fails ends its process:
 * the request itself still finishes and answers over HTTP.
 *
 * Replicas: the socket and the request may be on different command-api processes (nginx spreads them). Which
 * socket holds a window and which request runs in it live in the document store (process-windows.ts), claimed
 * with one conditional write, so the one-at-a-time rule holds across replicas; the request's replica writes each
 * message there, and every replica follows that collection's change feed (MongoDB change streams, the shared
 * LMDB store's change log) and passes the messages for its own sockets on.
 */
export const createAiProcessChannel = ({
  identify,
  logger,
  documentStore,
  clock = () => new Date(),
  heartbeatMs = 30_000,
  leaseMs = 15_000,
  sweepEveryMs = 60_000,
  site,
}: {
  identify: (request: IncomingMessage) => Promise<{ actor: string }>;
  logger: Logger;
  /** Shared by every replica: the windows and the messages live there. */
  documentStore: DocumentStore;
  clock?: () => Date;
  heartbeatMs?: number;
  /** How long a request holds its window past its last message or renewal (renewed a third of the way in). */
  leaseMs?: number;
  sweepEveryMs?: number;
  /** Where this site is (PUBLIC_URL, TRUST_PROXY): sockets from other sites' pages are refused. */
  site?: SiteOptions;
}) => {
  const server = new WebSocketServer({ noServer: true, maxPayload: 4 * 1024 });
  const windows = createProcessWindows({ documentStore, clock, leaseMs });
  /** This replica's open sockets, by their connection's id. */
  const sockets = new Map<string, WebSocket>();
  /** This replica's socket per window, to close the one a new connection replaces. */
  const local = new Map<string, string>();
  let closing = false;

  const messages = followChanges({
    documentStore,
    collection: AI_PROCESS_MESSAGES_COLLECTION,
    what: 'AI progress',
    logger,
    onChange: (change) => {
      const document = change.document as ProcessMessageDocument | undefined;
      if (change.operation !== 'upsert' || !document) return;
      const socket = sockets.get(document.socket);
      if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: 'ai_process_update', data: document.data }));
    },
  });
  messages.ready.catch((error: unknown) => logger.error({ err: error }, 'AI progress cannot be followed: sockets will hear none'));

  const begin = async (actor: string, clientId: string): Promise<AiProcess> => {
    if (!clientId || !CLIENT_ID.test(clientId)) return silent;
    let claim;
    try {
      claim = await windows.claim(windowIdOf(actor, clientId));
    } catch (error) {
      if (error instanceof WindowBusyError) throw new ConflictError(AI_PROCESS_BUSY_MESSAGE, AI_PROCESS_BUSY_TITLE);
      throw error;
    }
    // No socket (none opened, or not yet): the request runs all the same, without live progress.
    if (!claim) return silent;
    let ended = false;
    // One after another, so that the socket hears them in order whatever the store (MongoDB writes may overtake).
    let writing = Promise.resolve();
    const send = (data: Record<string, unknown>) => {
      if (ended) return;
      writing = writing
        .then(async () => {
          if (!ended && !(await claim.publish(data))) ended = true;
        })
        .catch((error: unknown) => logger.warn({ err: error }, 'an AI progress message could not be written'));
    };
    // A model call may take a minute: the claim is renewed while it runs, and lapses soon after this replica dies.
    const renewing = setInterval(
      () => {
        void claim
          .renew()
          .then((held) => {
            if (!held) ended = true;
          })
          .catch((error: unknown) => logger.warn({ err: error }, 'an AI process claim could not be renewed'));
      },
      Math.max(100, Math.floor(leaseMs / 3)),
    );
    renewing.unref();
    return {
      update: (status, content) => send({ type: 'progress', content, status, progress: AI_PROGRESS_STEPS[status] }),
      complete: (content) => send({ type: 'response', content, status: 'complete', progress: AI_PROGRESS_STEPS.complete }),
      fail: (content) => send({ type: 'error', content, status: 'error' }),
      end: async () => {
        clearInterval(renewing);
        await writing;
        ended = true;
        await claim.release().catch((error: unknown) => logger.warn({ err: error }, 'an AI process window could not be freed'));
      },
    };
  };

  const connect = (socket: WebSocket, actor: string, clientId: string) => {
    const windowId = windowIdOf(actor, clientId);
    const id = randomUUID();
    sockets.set(id, socket);
    const replaced = local.get(windowId);
    if (replaced) sockets.get(replaced)?.close(4000, 'Another window took this AI process id');
    local.set(windowId, id);
    let dropped = false;
    const drop = () => {
      if (dropped) return;
      dropped = true;
      sockets.delete(id);
      if (local.get(windowId) === id) local.delete(windowId);
      // Closing frees its windows itself, before the store closes.
      if (closing) return;
      windows.disconnect(windowId, id).catch((error: unknown) => logger.warn({ err: error }, 'an AI process window could not be freed'));
    };
    socket.on('close', drop);
    socket.on('error', (error) => {
      logger.debug({ err: error }, 'ai-process socket failed');
      drop();
    });
    // Ready once every replica can find the socket: a request sent on hearing it then has its progress heard.
    windows.connect(windowId, id).then(
      () => {
        if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: 'ai_process_ready', clientId }));
      },
      (error: unknown) => {
        logger.warn({ err: error }, 'an AI process socket could not be registered');
        socket.close(1011, 'AI progress is unavailable');
      },
    );
  };

  windows.createIndexes().catch((error: unknown) => logger.warn({ err: error }, 'creating the AI process window indexes failed'));
  const stopHeartbeat = dropDeadSockets(server, heartbeatMs);
  const sweeping = setInterval(
    () => void windows.sweep().catch((error: unknown) => logger.warn({ err: error }, 'sweeping AI process windows failed')),
    sweepEveryMs,
  );
  sweeping.unref();

  return {
    begin,
    /** Drops what stopped replicas left behind (the timer does it every `sweepEveryMs`). */
    sweep: () => windows.sweep(),
    handleUpgrade: (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      if (refuseCrossSiteUpgrade(request, socket, site)) return;
      const requested = new URL(request.url ?? '/', 'http://localhost').searchParams.get('client') ?? '';
      const clientId = CLIENT_ID.test(requested) ? requested : randomUUID();
      identify(request)
        .then(({ actor }) => server.handleUpgrade(request, socket, head, (ws) => connect(ws, actor, clientId)))
        .catch((error: unknown) => {
          logger.warn({ err: error }, 'ai-process upgrade refused');
          socket.destroy();
        });
    },
    close: async () => {
      stopHeartbeat();
      clearInterval(sweeping);
      closing = true;
      // Its windows freed, so that a request on another replica is not refused for a socket that has gone.
      await Promise.all(
        [...local].map(([windowId, id]) =>
          windows.disconnect(windowId, id).catch((error: unknown) => logger.warn({ err: error }, 'an AI process window could not be freed')),
        ),
      );
      for (const socket of sockets.values()) socket.terminate();
      await messages.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};

export type AiProcessChannel = ReturnType<typeof createAiProcessChannel>;
