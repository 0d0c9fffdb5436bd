import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A paid AI outcome is put into the project by the server in the request that charges for it (DESIGN.md): a
 * second browser call to save it loses the outcome when the tab closes between the two. These are the project
 * endpoints that take an outcome's text from a client; the web app must never call them (API clients and
 * imports still may).
 */
const OUTCOME_WRITES = [/\/final-prompt['`]/, /\/technical-report['`]/, /\/stage-results['`]/];

const sourcesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourcesUnder(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });

describe('AI outcomes in the web app', () => {
  const sources = sourcesUnder(path.resolve(import.meta.dirname, '../web/src'));

  it('reads every source of the app', () => expect(sources.length).toBeGreaterThan(100));

  it('never saves an AI outcome with a second call: no source names an endpoint that stores one', () => {
    const offenders = sources.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return OUTCOME_WRITES.filter((pattern) => pattern.test(text)).map((pattern) => `${path.relative(process.cwd(), file)} ${pattern}`);
    });
    expect(offenders).toEqual([]);
  });

  it('would notice one', () => {
    expect(OUTCOME_WRITES.some((pattern) => pattern.test('api.put(`${projectPath(id)}/final-prompt`, { prompt })'))).toBe(true);
    expect(OUTCOME_WRITES.some((pattern) => pattern.test('api.post(`${projectPath(id)}/stage-results`, results)'))).toBe(true);
  });
});
