import { builtinModules } from 'node:module';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServices } from './build-services.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const WORKSPACES = ['.', 'domain', 'infrastructure', 'command-api', 'projections', 'query-api'];
const dependenciesOf = (workspace: string, field: 'dependencies' | 'devDependencies') =>
  Object.keys(
    (JSON.parse(readFileSync(path.join(ROOT, workspace, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>)[field] ?? {},
  );

// Inside the repository, as in the image, so that the compiled files resolve node_modules.
mkdirSync(path.join(ROOT, 'node_modules/.cache'), { recursive: true });
const outDir = mkdtempSync(path.join(ROOT, 'node_modules/.cache/build-services-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('npm run build:services', { timeout: 60_000 }, () => {
  it('imports at run time only packages a production install has (dependencies, never devDependencies)', async () => {
    const { files, importedPackages } = await buildServices(outDir);
    expect(Object.keys(files)).toEqual(['command-api', 'projections', 'query-api']);
    // The image installs with --omit=dev: a package only a devDependency would be missing there at start.
    const production = new Set(WORKSPACES.flatMap((workspace) => dependenciesOf(workspace, 'dependencies')));
    const missing = importedPackages.filter((name) => !production.has(name) && !builtinModules.includes(name));
    expect(missing, 'imported by a service but not a dependency of any workspace').toEqual([]);
    expect(importedPackages).toEqual(expect.arrayContaining(['koa', 'lmdb', 'mongodb', '@eventstore/db-client']));
    // The project's own TypeScript is compiled in, not imported.
    expect(importedPackages.filter((name) => name.startsWith('@vis/'))).toEqual([]);
  });
});
