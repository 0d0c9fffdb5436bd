import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { AI_PROCESS_BUSY_MESSAGE, AI_PROCESS_BUSY_TITLE, AI_PROGRESS_STEPS, ConflictError, type AiProgressStatus } from '@vis/domain';
import { dropDeadSockets, refuseCrossSiteUpgrade, type Logger, type SiteOptions } from '@vis/infrastructure';
import { WebSocket, WebSocketServer } from 'ws';

/** The path the command API serves live AI progress on, and the header an HTTP AI request names its socket by. */
export const AI_PROCESS_PATH = '/ws/ai-process';
export const AI_PROCESS_HEADER = 'x-ai-process';
const CLIENT_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** One AI request's progress, as its socket hears it. Every method is safe to call after the socket has gone. */
export interface AiProcess {
  update(status: Exclude<AiProgressStatus, 'complete'>, content: string): void;
  complete(content: string): void;
  fail(content: string): void;
  end(): void;
}

const silent: AiProcess = { update: () => {}, complete: () => {}, fail: () => {}, end: () => {} };

interface Client {
  socket: WebSocket;
  process: AiProcess | null;
}

/**
 * command-api `/ws/ai-process` (spec 01 §4 "AI process", §7). A browser connects with `?client=<id>` (or gets
 * an id in the first message, `{ type: 'ai_process_ready', clientId }`) and sends its AI requests with the
 * header `X-AI-Process: <id>`; while such a request runs, that socket hears `ai_process_update` messages at 10
 * (processing), 70 (analyzing), 90 (saving) and 100 (complete; `data.type: 'response'`), or a final
 * `data.status: 'error'`. Sockets and requests are matched by the session cookie too, so nobody can listen to
 * another visitor's requests by guessing an id. One process at a time per socket: a second request naming a
 * busy socket is refused (409) before anything is charged. A socket that closes or fails ends its process:
 * the request itself still finishes and answers over HTTP.
 */
export const createAiProcessChannel = ({
  identify,
  logger,
  heartbeatMs = 30_000,
  site,
}: {
  identify: (request: IncomingMessage) => Promise<{ actor: string }>;
  logger: Logger;
  heartbeatMs?: number;
  /** Where this site is (PUBLIC_URL, TRUST_PROXY): sockets from other sites' pages are refused. */
  site?: SiteOptions;
}) => {
  const server = new WebSocketServer({ noServer: true, maxPayload: 4 * 1024 });
  const clients = new Map<string, Client>();
  const keyOf = (actor: string, clientId: string) => `${actor}\n${clientId}`;

  const send = (client: Client, data: Record<string, unknown>) => {
    if (client.socket.readyState === WebSocket.OPEN) client.socket.send(JSON.stringify({ type: 'ai_process_update', data }));
  };

  const begin = (actor: string, clientId: string): AiProcess => {
    const client = clientId ? clients.get(keyOf(actor, clientId)) : undefined;
    // No socket (none opened, or not yet): the request runs all the same, without live progress.
    if (!client) return silent;
    if (client.process) throw new ConflictError(AI_PROCESS_BUSY_MESSAGE, AI_PROCESS_BUSY_TITLE);
    let ended = false;
    const process: AiProcess = {
      update: (status, content) => !ended && send(client, { type: 'progress', content, status, progress: AI_PROGRESS_STEPS[status] }),
      complete: (content) => !ended && send(client, { type: 'response', content, status: 'complete', progress: AI_PROGRESS_STEPS.complete }),
      fail: (content) => !ended && send(client, { type: 'error', content, status: 'error' }),
      end: () => {
        ended = true;
        if (client.process === process) client.process = null;
      },
    };
    client.process = process;
    return process;
  };

  const connect = (socket: WebSocket, actor: string, clientId: string) => {
    const key = keyOf(actor, clientId);
    clients.get(key)?.socket.close(4000, 'Another window took this AI process id');
    const client: Client = { socket, process: null };
    clients.set(key, client);
    socket.send(JSON.stringify({ type: 'ai_process_ready', clientId }));
    const drop = () => {
      client.process?.end();
      if (clients.get(key) === client) clients.delete(key);
    };
    socket.on('close', drop);
    socket.on('error', (error) => {
      logger.debug({ err: error }, 'ai-process socket failed');
      drop();
    });
  };

  const stopHeartbeat = dropDeadSockets(server, heartbeatMs);

  return {
    begin,
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
      for (const client of clients.values()) client.socket.terminate();
      clients.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};

export type AiProcessChannel = ReturnType<typeof createAiProcessChannel>;
