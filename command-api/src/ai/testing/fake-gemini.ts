import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GeminiCall {
  model: string;
  task: string;
  apiKey: string;
  body: { contents?: { parts?: { text?: string }[] }[]; generationConfig?: { responseMimeType?: string } };
}

/** What the fake answers to one generateContent call: model text, an HTTP error, or a dropped connection. */
export type FakeAnswer =
  | { text: string }
  | { status: number; message: string }
  | { hangUp: true }
  | { delayMs: number; text: string }
  /** Held until the test lets it go: a request that is certainly still running. */
  | { until: Promise<unknown>; text: string };

/** The body of a successful generateContent answer, as Google sends it. */
const contentOf = (text: string) => ({ candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP', index: 0 }] });

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

/**
 * A local stand-in for the Gemini API (127.0.0.1, a free port) that the real SDK talks to through
 * `requestOptions.baseUrl`: it records every call and answers from a script. countTokens accepts exactly the
 * keys in `validKeys`, as Google accepts only real ones.
 */
export const startFakeGemini = async ({ validKeys = [] as string[] } = {}) => {
  const calls: GeminiCall[] = [];
  const script: FakeAnswer[] = [];
  let fallback: (call: GeminiCall) => FakeAnswer = () => ({ status: 500, message: 'no answer scripted' });
  const respond = async (request: IncomingMessage, response: ServerResponse) => {
    const match = /^\/v1beta\/models\/([^:]+):(\w+)$/.exec(request.url ?? '');
    const call: GeminiCall = {
      model: match?.[1] ?? '',
      task: match?.[2] ?? '',
      apiKey: String(request.headers['x-goog-api-key'] ?? ''),
      body: JSON.parse((await readBody(request)) || '{}') as GeminiCall['body'],
    };
    calls.push(call);
    const reply = (status: number, json: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
    if (call.task === 'countTokens') {
      if (validKeys.includes(call.apiKey)) return reply(200, { totalTokens: 1 });
      return reply(400, { error: { code: 400, message: 'API key not valid. Please pass a valid API key.', status: 'INVALID_ARGUMENT' } });
    }
    const answer = script.shift() ?? fallback(call);
    if ('hangUp' in answer) return void request.socket.destroy();
    if ('status' in answer) return reply(answer.status, { error: { code: answer.status, message: answer.message } });
    if ('delayMs' in answer) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    if ('until' in answer) await answer.until;
    reply(200, contentOf(answer.text));
  };
  const server = createServer((request, response) => void respond(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    calls,
    /** The next generateContent calls answer these, in order. */
    answer: (...answers: FakeAnswer[]) => void script.push(...answers),
    /** What calls answer once the script is used up. */
    otherwise: (answer: (call: GeminiCall) => FakeAnswer) => void (fallback = answer),
    promptOf: (call: GeminiCall) => call.body.contents?.[0]?.parts?.map((part) => part.text ?? '').join('') ?? '',
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

export type FakeGemini = Awaited<ReturnType<typeof startFakeGemini>>;

/** JSON text for a scripted answer. */
export const json = (value: unknown) => ({ text: JSON.stringify(value) });
