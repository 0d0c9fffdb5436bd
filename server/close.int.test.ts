import { expect, it } from 'vitest';
import { httpClient } from './testing-client.ts';
import { startTestServer } from './testing.ts';

it('closes while a live-update client is still connected', async () => {
  const server = await startTestServer();
  const visitor = httpClient(server.url);
  const live = await visitor.socket();
  const closedByServer = new Promise((resolve) => live.ws.once('close', resolve));
  await server.close();
  await expect(closedByServer).resolves.toBeDefined();
});
