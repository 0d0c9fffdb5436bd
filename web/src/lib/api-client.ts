/**
 * The one way the web app talks to the APIs (spec 01 §7): JSON, cookies always sent, and a non-OK answer
 * raises an error whose message is "status: body text" (or the status text when the body is empty).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
  }
}

/**
 * Highest commit position any command answered in this tab. Reads send it as X-Min-Position, so a refetch
 * right after a command never shows the state from before it (read your writes).
 */
let minPosition = 0;
const notePosition = (body: unknown) => {
  const position = Number((body as { position?: unknown } | null)?.position);
  if (Number.isFinite(position) && position > minPosition) minPosition = position;
};

const request = async <T>(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> => {
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: {
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(method === 'GET' && minPosition > 0 ? { 'X-Min-Position': String(minPosition) } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  if (!response.ok) {
    const serverMessage = (parsed as { message?: unknown } | null)?.message;
    throw new ApiError(response.status, typeof serverMessage === 'string' ? serverMessage : `${response.status}: ${text || response.statusText}`, parsed);
  }
  notePosition(parsed);
  return parsed as T;
};

export const api = {
  get: <T>(url: string) => request<T>('GET', url),
  post: <T>(url: string, body?: unknown, headers?: Record<string, string>) => request<T>('POST', url, body ?? {}, headers),
  patch: <T>(url: string, body?: unknown) => request<T>('PATCH', url, body ?? {}),
  delete: <T>(url: string) => request<T>('DELETE', url),
};
