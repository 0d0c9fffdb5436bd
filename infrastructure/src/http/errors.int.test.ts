import { Readable } from 'node:stream';
import Koa from 'koa';
import request from 'supertest';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { silentLogger } from '../logging/logger.ts';
import { openTestStores } from '../testing/embedded-stores.ts';
import { errorHandler, logAppErrors } from './errors.ts';

let stores: Awaited<ReturnType<typeof openTestStores>>;
beforeEach(async () => {
  stores = await openTestStores();
});
afterEach(() => stores.cleanup());

it('answers 413, not 500, when the log refuses an append as too large, and nothing is written', async () => {
  const app = new Koa();
  app.use(errorHandler(silentLogger()));
  app.use(async (ctx) => {
    const note = 'x'.repeat(700_000);
    await stores.eventStore.appendToStream('feedback-1', [
      { id: crypto.randomUUID(), type: 'FeedbackSubmitted', data: { note } },
      { id: crypto.randomUUID(), type: 'FeedbackSubmitted', data: { note } },
    ]);
    ctx.body = { success: true };
  });
  const res = await request(app.callback()).post('/');
  expect(res.status).toBe(413);
  expect(res.body).toEqual({ success: false, error: 'Payload too large', message: 'This change is too large to be saved.' });
  expect(await stores.eventStore.headPosition()).toBe(0n);
});

/** A logger that keeps what it was told, by level. */
const recordingLogger = () => {
  const lines: { level: string; fields: Record<string, unknown>; message: string }[] = [];
  const logger = silentLogger();
  for (const level of ['debug', 'error'] as const) {
    logger[level] = ((fields: Record<string, unknown>, message: string) => void lines.push({ level, fields, message })) as never;
  }
  return { logger, lines };
};

const failingBody = (code?: string) =>
  new Readable({
    read() {
      this.destroy(Object.assign(new Error(code ?? 'disk gone'), code ? { code } : {}));
    },
  });

it("logs a body stream's failure after the answer began in the structured log, a client gone only at debug, never on stderr", async () => {
  const { logger, lines } = recordingLogger();
  const stderr = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const app = new Koa();
  logAppErrors(app, logger);
  app.use(errorHandler(logger));
  app.use(async (ctx) => {
    ctx.body = failingBody(ctx.path === '/gone' ? 'ERR_STREAM_PREMATURE_CLOSE' : undefined);
  });
  await request(app.callback())
    .get('/gone')
    .catch(() => undefined);
  await request(app.callback())
    .get('/broken')
    .catch(() => undefined);
  await vi.waitFor(() => expect(lines).toHaveLength(2));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(lines).toEqual([
    {
      level: 'debug',
      fields: expect.objectContaining({ path: '/gone', code: 'ERR_STREAM_PREMATURE_CLOSE' }),
      message: 'client went away mid-answer',
    },
    {
      level: 'error',
      fields: expect.objectContaining({ path: '/broken', err: expect.any(Error) }),
      message: 'request failed after its answer began',
    },
  ]);
  expect(stderr).not.toHaveBeenCalled();
  stderr.mockRestore();
});

it("logs a failing request's path without a private share link's token", async () => {
  const { logger, lines } = recordingLogger();
  const app = new Koa();
  app.use(errorHandler(logger));
  app.use(() => {
    throw new Error('store gone');
  });
  const token = 'q0B6W2d9rVxS4n8mZp1cTgH3yJ5kLa7e';
  expect((await request(app.callback()).get(`/api/shared/p-1/${token}`)).status).toBe(500);
  expect(lines).toEqual([{ level: 'error', fields: expect.objectContaining({ path: '/api/shared/p-1/[redacted]' }), message: 'request failed' }]);
  expect(JSON.stringify(lines.map((line) => line.fields.path))).not.toContain(token);
});
