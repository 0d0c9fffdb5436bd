import type { LiveMessage } from '@vis/domain';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isVisitor, readYourWritesPosition, whenSessionStarts } from './api-client.ts';

type Listener = () => void;

/**
 * One WebSocket per tab to query-api `/ws`, shared by every subscribed topic; it reconnects with backoff and
 * subscribes again, and each (re)connect counts as a change (something may have happened while it was away).
 */
export const createLiveConnection = () => {
  const listeners = new Map<string, Set<Listener>>();
  let socket: WebSocket | null = null;
  let retryMs = 500;

  const send = (message: unknown) => {
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  };
  // A subscription waits, like a read, for what this tab's commands wrote: a project created a moment ago would
  // otherwise be refused as not (yet) this visitor's, and the tab would never hear of its changes.
  const subscribeTo = (topics: string[]) => {
    const position = readYourWritesPosition();
    send({ type: 'subscribe', topics, ...(position > 0 ? { minPosition: String(position) } : {}) });
  };
  const notify = (topic: string) => listeners.get(topic)?.forEach((listener) => listener());

  const connect = () => {
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
    const ws = new WebSocket(`${scheme}://${window.location.host}/ws`);
    socket = ws;
    // Opened before this browser had a session (a first visit to a page nginx served, which starts none), the
    // socket is nobody's and is refused the visitor's own topics: once the session starts, it opens again.
    if (!isVisitor()) whenSessionStarts(() => socket === ws && ws.close());
    ws.onopen = () => {
      retryMs = 500;
      if (listeners.size > 0) subscribeTo([...listeners.keys()]);
    };
    // Each subscription the server confirms counts as a change: the page read what it shows before the server
    // listened for it (at the first open, after a reconnect, for a topic subscribed later), and a change committed
    // in between (the save a reloading page sent as it went) would otherwise never show. Counted once the server
    // has the subscription, not when it is asked for: a change committed while the server was still checking
    // the topic (its owner read from the store) was heard by nobody, and the page showed the text from before
    // the reload until the next change.
    ws.onmessage = (message) => {
      const data = JSON.parse(String(message.data)) as LiveMessage;
      if (data.type === 'changed') notify(data.topic);
      if (data.type === 'subscribed') data.topics.forEach(notify);
    };
    ws.onclose = () => {
      socket = null;
      if (listeners.size === 0) return;
      setTimeout(connect, retryMs);
      retryMs = Math.min(retryMs * 2, 10_000);
    };
  };

  return {
    subscribe: (topic: string, listener: Listener) => {
      let topicListeners = listeners.get(topic);
      if (!topicListeners) {
        listeners.set(topic, (topicListeners = new Set()));
        if (socket) subscribeTo([topic]);
      }
      topicListeners.add(listener);
      if (!socket) connect();
      return () => {
        topicListeners.delete(listener);
        if (topicListeners.size > 0) return;
        listeners.delete(topic);
        send({ type: 'unsubscribe', topics: [topic] });
      };
    },
  };
};

let connection: ReturnType<typeof createLiveConnection> | null = null;

/** Keeps a query fresh: a change announced on `topic` invalidates `queryKey`. */
export const useLiveInvalidation = (topic: string | null, queryKey: QueryKey) => {
  const queryClient = useQueryClient();
  const key = JSON.stringify(queryKey);
  useEffect(() => {
    if (!topic) return;
    connection ??= createLiveConnection();
    return connection.subscribe(topic, () => void queryClient.invalidateQueries({ queryKey: JSON.parse(key) as QueryKey }));
  }, [topic, key, queryClient]);
};
