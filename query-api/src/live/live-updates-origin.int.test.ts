import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { LiveUpdatesDeps } from './live-updates.ts';
import { startLiveUpdates } from './testing.ts';

let running: Awaited<ReturnType<typeof startLiveUpdates>>;
const start = async (site?: LiveUpdatesDeps['site']) => {
  running = await startLiveUpdates({ site });
  return running.host;
};
afterEach(() => running.close());

/** Opens `/ws` as a browser page would and subscribes, answering the reply, or the HTTP refusal. */
const connect = (host: string, headers: Record<string, string>) =>
  new Promise<{ opened: true; reply: unknown } | { opened: false; status: number; body: string }>((resolve, reject) => {
    const socket = new WebSocket(`ws://${host}/ws`, { headers });
    socket.once('open', () => socket.send(JSON.stringify({ type: 'subscribe', topics: ['marketplace'] })));
    socket.once('message', (raw) => {
      resolve({ opened: true, reply: JSON.parse(String(raw)) });
      socket.close();
    });
    socket.once('unexpected-response', (_, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += String(chunk)));
      response.on('end', () => resolve({ opened: false, status: response.statusCode ?? 0, body }));
    });
    socket.once('error', (error) => reject(error));
  });

describe('/ws from another site', () => {
  it("refuses an upgrade from another site's page with 403 before any handshake", async () => {
    const host = await start();
    const refused = await connect(host, { Origin: 'https://evil.example' });
    expect(refused).toMatchObject({ opened: false, status: 403 });
    expect(JSON.parse((refused as { body: string }).body)).toEqual({
      success: false,
      error: 'Forbidden',
      message: 'Cross-site request refused: Origin https://evil.example is not this site',
    });
    expect(await connect(host, { 'Sec-Fetch-Site': 'cross-site' })).toMatchObject({ opened: false, status: 403 });
  });

  it('accepts a page of this site, and a client that names no site', async () => {
    const host = await start();
    const subscribed = { opened: true, reply: { type: 'subscribed', topics: ['marketplace'], denied: [] } };
    expect(await connect(host, { Origin: `http://${host}`, 'Sec-Fetch-Site': 'same-origin' })).toEqual(subscribed);
    expect(await connect(host, {})).toEqual(subscribed);
  });

  it("takes this site from PUBLIC_URL when it is set (in production, only PUBLIC_URL's)", async () => {
    const host = await start({ publicUrl: 'https://ideas.example.com', production: true });
    const publicHost = { Host: 'ideas.example.com' };
    expect(await connect(host, { ...publicHost, Origin: 'https://ideas.example.com' })).toMatchObject({ opened: true });
    expect(await connect(host, { ...publicHost, Origin: `http://${host}` })).toMatchObject({ opened: false, status: 403 });
    expect(await connect(host, { ...publicHost, Origin: 'http://ideas.example.com' })).toMatchObject({ opened: false, status: 403 });
  });

  it('compares Origin with the known hosts, never with the Host the request names (DNS rebinding)', async () => {
    const host = await start();
    const port = host.split(':').pop();
    const rebind = `rebind.evil.example:${port}`;
    const refused = await connect(host, { Host: rebind, Origin: `http://${rebind}` });
    expect(refused).toMatchObject({ opened: false, status: 421 });
    expect(JSON.parse((refused as { body: string }).body)).toMatchObject({ success: false, error: 'Misdirected Request' });
    expect(await connect(host, { Origin: `http://localhost:${Number(port) + 1}` })).toMatchObject({ opened: false, status: 403 });
    expect(await connect(host, { Origin: `http://localhost:${port}` })).toMatchObject({ opened: true });
  });
});
