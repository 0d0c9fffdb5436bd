import { describe, expect, it } from 'vitest';
import { createKnownHosts } from './known-hosts.ts';

describe('known hosts, with verdicts remembered per value', () => {
  it('answers the same for a value asked again, and past the bound of remembered values', () => {
    const hosts = createKnownHosts({ publicUrl: 'https://studio.example' });
    for (let round = 0; round < 2; round++) {
      expect(hosts.isKnownHost('studio.example', 3000)).toBe(true);
      expect(hosts.isKnownHost('localhost:3000', 3000)).toBe(true);
      expect(hosts.isKnownHost('localhost:3000', 4000)).toBe(false);
      expect(hosts.isKnownHost('rebind.evil.example:3000', 3000)).toBe(false);
      expect(hosts.isKnownOrigin('https://studio.example', 3000)).toBe(true);
      expect(hosts.isKnownOrigin('http://localhost:3000', 3000)).toBe(true);
      expect(hosts.isKnownOrigin('http://localhost:3000', 4000)).toBe(false);
      expect(hosts.isKnownOrigin('https://evil.example', 3000)).toBe(false);
      // Many strangers' values in between: what is remembered is forgotten, never confused.
      for (let n = 0; n < 200; n++) {
        expect(hosts.isKnownHost(`stranger-${n}.example`, 3000)).toBe(false);
        expect(hosts.isKnownOrigin(`https://stranger-${n}.example`, 3000)).toBe(false);
      }
    }
    expect(hosts.isKnownHost(undefined, 3000)).toBe(false);
    expect(hosts.isKnownOrigin(undefined, 3000)).toBe(false);
  });

  it('refuses loopback names in production', () => {
    const hosts = createKnownHosts({ publicUrl: 'https://studio.example', production: true });
    expect(hosts.isKnownHost('localhost:3000', 3000)).toBe(false);
    expect(hosts.isKnownHost('studio.example', 3000)).toBe(true);
  });
});
