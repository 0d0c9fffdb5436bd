import { createServer } from 'node:http';
import { bodyParser } from '@koa/bodyparser';
import Koa from 'koa';

// The ceiling the product is measured against: Koa answering JSON with no work behind it.
const app = new Koa();
app.use(bodyParser());
app.use((ctx) => {
  ctx.body =
    ctx.method === 'POST'
      ? { success: true, received: (ctx.request.body as object | undefined) ?? null }
      : { success: true, project: { id: 'p', name: 'New Viral Idea', parameters: ['Viral', 'Simple Page', 'No Externalities'] } };
});
const handler = app.callback();
const server = createServer((request, response) => void handler(request, response)).listen(0, '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${(server.address() as { port: number }).port}`);
});
