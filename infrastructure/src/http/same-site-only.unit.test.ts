import { describe, expect, it } from 'vitest';
import { createKnownHosts } from './known-hosts.ts';
import { crossSiteReason } from './same-site-only.ts';

describe('createKnownHosts', () => {
  it("knows PUBLIC_URL's host (its port, or none for the scheme's default) and nothing else in production", () => {
    const hosts = createKnownHosts({ publicUrl: 'https://Ideas.Example.com/app/', production: true });
    for (const host of ['ideas.example.com', 'IDEAS.example.com', 'ideas.example.com:443']) expect(hosts.isKnownHost(host, 3000), host).toBe(true);
    for (const host of [
      'ideas.example.com:3000',
      'localhost:3000',
      '127.0.0.1:3000',
      'rebind.evil.example:3000',
      '',
      undefined,
      'a/b@ideas.example.com',
    ])
      expect(hosts.isKnownHost(host, 3000), String(host)).toBe(false);
    expect(hosts.isKnownOrigin('https://ideas.example.com', 3000)).toBe(true);
    for (const origin of ['http://ideas.example.com', 'https://ideas.example.com:8443', 'http://localhost:3000', 'null', 'not a url'])
      expect(hosts.isKnownOrigin(origin, 3000), origin).toBe(false);
  });

  it("knows this machine's names on the port a request arrived on outside production, never the request's own Host", () => {
    const hosts = createKnownHosts({});
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'LOCALHOST:3000']) expect(hosts.isKnownHost(host, 3000), host).toBe(true);
    for (const host of ['localhost:3001', 'localhost', 'rebind.evil.example:3000', '127.0.0.2:3000', 'localhost.evil.example:3000'])
      expect(hosts.isKnownHost(host, 3000), host).toBe(false);
    expect(hosts.isKnownOrigin('http://localhost:3000', 3000)).toBe(true);
    for (const origin of ['http://localhost:3001', 'http://rebind.evil.example:3000', 'file://localhost:3000'])
      expect(hosts.isKnownOrigin(origin, 3000), origin).toBe(false);
  });

  it('behind a proxy outside production, knows those names on any port (the browser used the proxy’s)', () => {
    const hosts = createKnownHosts({ trustProxy: true, publicUrl: 'http://localhost:8080' });
    for (const host of ['localhost:8080', 'localhost', '127.0.0.1:8080', '127.0.0.1']) expect(hosts.isKnownHost(host, 3000), host).toBe(true);
    expect(hosts.isKnownHost('rebind.evil.example:8080', 3000)).toBe(false);
    expect(hosts.isKnownOrigin('http://127.0.0.1:8080', 3000)).toBe(true);
  });
});

describe('crossSiteReason', () => {
  const site = 'http://localhost:3000';
  const isSite = (origin: string) => origin === site;

  it('lets through requests that name no site, or this one', () => {
    expect(crossSiteReason({}, isSite)).toBeNull();
    expect(crossSiteReason({ origin: site, secFetchSite: 'same-origin' }, isSite)).toBeNull();
    expect(crossSiteReason({ secFetchSite: 'none' }, isSite)).toBeNull();
  });

  it('names a foreign, opaque or malformed Origin', () => {
    for (const origin of ['https://evil.example', 'http://localhost:3001', 'https://localhost:3000', 'null', 'not a url']) {
      expect(crossSiteReason({ origin }, isSite)).toBe(`Cross-site request refused: Origin ${origin} is not this site`);
    }
  });

  it('believes Sec-Fetch-Site: cross-site even without an Origin', () => {
    expect(crossSiteReason({ secFetchSite: 'cross-site' }, isSite)).toMatch(/^Cross-site request refused: .*Sec-Fetch-Site: cross-site/);
  });
});
