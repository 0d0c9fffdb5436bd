/** The first wait before reopening a dropped `/ws/ai-process` socket, doubled at each failed try up to the cap. */
export const RECONNECT_FIRST_MS = 500;
export const RECONNECT_MAX_MS = 10_000;
/** The server's close code for a socket another connection with the same client id replaced: reopening would fight it. */
const REPLACED = 4000;

/**
 * The wait before try `attempt` (0 first): half the doubled delay fixed, half random, so that the tabs a dying
 * replica dropped all at once do not come back to the next one all at once.
 */
export const reconnectDelay = (attempt: number, random: () => number = Math.random) => {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_FIRST_MS * 2 ** attempt);
  return ceiling / 2 + random() * (ceiling / 2);
};

/** What the socket needs of the browser's WebSocket (a fake in the unit test). */
export type SocketLike = Pick<WebSocket, 'onmessage' | 'onclose' | 'close'>;

export interface AiProcessSocketOptions {
  url: string;
  /** An `ai_process_update` message's data. */
  onUpdate: (data: { type?: string; content?: string; status?: string; progress?: number }) => void;
  /** True once the server can route this tab's requests to the socket (`ai_process_ready`), false when it drops. */
  onReady: (ready: boolean) => void;
  open?: (url: string) => SocketLike;
  /** Where `online` and `visibilitychange` are heard: the window. */
  events?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  isVisible?: () => boolean;
  random?: () => number;
}

/**
 * The tab's `/ws/ai-process` socket, reopened under the same URL (so the same client id) whenever it drops
 * unasked (its command-api replica restarts or dies, the network blips, the laptop sleeps): after a capped
 * exponential backoff with jitter, or at once when the page is shown again or the browser comes back online.
 * `stop()` closes it for good.
 */
export const openAiProcessSocket = ({
  url,
  onUpdate,
  onReady,
  open = (address) => new WebSocket(address),
  events = window,
  isVisible = () => document.visibilityState === 'visible',
  random = Math.random,
}: AiProcessSocketOptions) => {
  let socket: SocketLike | null = null;
  let ready = false;
  let attempt = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const setReady = (value: boolean) => {
    if (ready === value) return;
    ready = value;
    onReady(value);
  };

  const connect = () => {
    clearTimeout(retry);
    retry = undefined;
    const current = open(url);
    socket = current;
    current.onmessage = (message) => {
      const parsed = JSON.parse(String(message.data)) as { type: string; data?: Parameters<AiProcessSocketOptions['onUpdate']>[0] };
      if (parsed.type === 'ai_process_ready') {
        // Only a socket the server registered counts as a success: one refused at once keeps backing off.
        attempt = 0;
        setReady(true);
      } else if (parsed.type === 'ai_process_update' && parsed.data) onUpdate(parsed.data);
    };
    current.onclose = ({ code }) => {
      if (socket !== current) return;
      socket = null;
      setReady(false);
      if (stopped || code === REPLACED) return;
      retry = setTimeout(connect, reconnectDelay(attempt, random));
      attempt++;
    };
  };

  // Back (shown again, online again) while waiting to retry: now, from the first delay again. An open or opening
  // socket is left alone.
  const now = () => {
    if (stopped || socket || !isVisible()) return;
    attempt = 0;
    connect();
  };
  // visibilitychange bubbles from the document to the window.
  events.addEventListener('visibilitychange', now);
  events.addEventListener('online', now);
  connect();

  return {
    isReady: () => ready,
    stop: () => {
      stopped = true;
      ready = false;
      clearTimeout(retry);
      events.removeEventListener('visibilitychange', now);
      events.removeEventListener('online', now);
      const current = socket;
      socket = null;
      current?.close();
    },
  };
};
