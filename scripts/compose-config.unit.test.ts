import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * docker-compose cannot run on the machines this is built on, so what can be checked of it without Docker is
 * checked here: the two mistakes it once shipped.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

describe('docker-compose and the documented MongoDB URLs', () => {
  it('calls MongoDB healthy only once it is primary, not when rs.initiate answers', () => {
    const compose = read('docker-compose.yml');
    const mongo = compose.slice(compose.indexOf('\n  mongo:'), compose.indexOf('\n  command-api:'));
    expect(mongo).toMatch(/quit\(db\.hello\(\)\.isWritablePrimary \? 0 : 1\)/);
  });

  it('gives a URL that reaches the one-member replica set from the host (a direct connection, not replicaSet=)', () => {
    const documented = ['.env.example', 'README.md', 'docs/operations.md'].flatMap((file) =>
      [...read(file).matchAll(/mongodb:\/\/localhost:27017\/?\S*/g)].map((match) => `${file}: ${match[0]}`),
    );
    expect(documented.length).toBeGreaterThan(0);
    expect(documented.filter((url) => !url.includes('directConnection=true'))).toEqual([]);
  });
});
