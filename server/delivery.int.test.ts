import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from './testing.ts';

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A GET as a browser sends it, with the encodings it accepts; the body as it came over the wire. */
const get = (path: string, acceptEncoding = 'identity') =>
  new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(`${server.url}${path}`, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });

describe('the web app as browsers get it', () => {
  it('sends hashed scripts compressed (brotli, else gzip), kept for a year without revalidating', async () => {
    const page = await get('/');
    const script = page.body.toString().match(/src="(\/assets\/[^"]+\.js)"/)![1]!;
    const plain = await get(script);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers.vary).toContain('Accept-Encoding');

    const br = await get(script, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const gzip = await get(script, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
  });

  it('revalidates the page itself, sends it compressed too, and describes the product', async () => {
    const plain = await get('/marketplace');
    expect(plain.status).toBe(200);
    expect(plain.headers['cache-control']).toBe('private, no-cache');
    expect(plain.body.toString()).toMatch(/<meta\s+name="description"\s+content="[^"]{50,}"/);
    const br = await get('/marketplace', 'br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
  });

  it('answers robots.txt with crawling rules, not the app', async () => {
    const robots = await get('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.headers['cache-control']).toBe('no-cache');
    expect(robots.body.toString()).toMatch(/^User-agent: \*$/m);
    expect(robots.body.toString()).toMatch(/^Disallow: \/api\/$/m);
  });
});
