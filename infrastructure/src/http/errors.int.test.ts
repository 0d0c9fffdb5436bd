import Koa from 'koa';
import request from 'supertest';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { silentLogger } from '../logging/logger.ts';
import { openTestStores } from '../testing/embedded-stores.ts';
import { errorHandler } from './errors.ts';

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
