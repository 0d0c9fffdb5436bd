/** What the heartbeat needs of a `ws` WebSocketServer (kept structural: infrastructure does not depend on ws). */
interface PingableServer {
  clients: Set<{ ping(): void; terminate(): void; on(event: 'pong', listener: () => void): unknown }>;
}

/**
 * Dead connections (a laptop closed mid-session) are dropped instead of piling up: every interval each socket is
 * pinged, and one that has not answered the previous ping is terminated. Answers `stop`.
 */
export const dropDeadSockets = (server: PingableServer, intervalMs: number) => {
  const answered = new WeakMap<object, boolean>();
  const timer = setInterval(() => {
    for (const socket of server.clients) {
      if (answered.get(socket) === false) {
        socket.terminate();
        continue;
      }
      if (!answered.has(socket)) socket.on('pong', () => answered.set(socket, true));
      answered.set(socket, false);
      socket.ping();
    }
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
};
