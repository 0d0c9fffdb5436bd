import { describe, expect, it } from 'vitest';
import { crossSiteReason, siteOrigin } from './same-site-only.ts';

describe('siteOrigin', () => {
  it("is PUBLIC_URL's origin when set, else the request's own, serialized as browsers send Origin", () => {
    expect(siteOrigin({ protocol: 'http', host: 'localhost:3000' }, 'https://Ideas.Example.com:443/app/')).toBe('https://ideas.example.com');
    expect(siteOrigin({ protocol: 'http', host: 'LOCALHOST:80' }, undefined)).toBe('http://localhost');
    expect(siteOrigin({ protocol: 'http', host: '' }, undefined)).toBeNull();
  });
});

describe('crossSiteReason', () => {
  const site = 'http://localhost:3000';

  it('lets through requests that name no site, or this one', () => {
    expect(crossSiteReason({}, site)).toBeNull();
    expect(crossSiteReason({ origin: site, secFetchSite: 'same-origin' }, site)).toBeNull();
    expect(crossSiteReason({ secFetchSite: 'none' }, site)).toBeNull();
  });

  it('names a foreign, opaque or malformed Origin', () => {
    for (const origin of ['https://evil.example', 'http://localhost:3001', 'https://localhost:3000', 'null', 'not a url']) {
      expect(crossSiteReason({ origin }, site)).toBe(`Cross-site request refused: Origin ${origin} is not this site`);
    }
  });

  it('believes Sec-Fetch-Site: cross-site even without an Origin', () => {
    expect(crossSiteReason({ secFetchSite: 'cross-site' }, site)).toMatch(/^Cross-site request refused: .*Sec-Fetch-Site: cross-site/);
  });

  it('refuses everything with an Origin when this site is unknown (no Host)', () => {
    expect(crossSiteReason({ origin: site }, null)).not.toBeNull();
  });
});
