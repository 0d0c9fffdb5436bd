import { builtinModules } from 'node:module';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServices } from './build-services.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const WORKSPACES = ['.', 'domain', 'infrastructure', 'command-api', 'projections', 'query-api'];
const dependenciesOf = (workspace: string, field: 'dependencies' | 'devDependencies') =>
  Object.keys(
    (JSON.parse(readFileSync(path.join(ROOT, workspace, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>)[field] ?? {},
  );

/** The version of `name` a bare import resolves to from `dir`: the nearest node_modules up the tree that has it. */
const installedVersion = (dir: string, name: string): string | undefined => {
  for (let at = dir; ; at = path.dirname(at)) {
    const manifest = path.join(at, 'node_modules', name, 'package.json');
    if (existsSync(manifest)) return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
    if (path.dirname(at) === at) return undefined;
  }
};

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

  it('resolves each imported package, from where the compiled files are, to the major version its workspaces ask for', async () => {
    // A workspace's own node_modules is out of a compiled file's reach: a package another version of which is
    // hoisted to the root (lru-cache 5 for Babel, say) must be hoisted at the version the services need.
    const { importedPackages } = await buildServices(outDir);
    const mismatched = importedPackages.flatMap((name) => {
      const installed = installedVersion(outDir, name);
      return WORKSPACES.flatMap((workspace) => {
        const range = (JSON.parse(readFileSync(path.join(ROOT, workspace, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> })
          .dependencies?.[name];
        const wanted = range && /^[\^~]?(\d+)\./.exec(range)?.[1];
        return wanted && installed?.split('.')[0] !== wanted ? [`${name}: ${workspace} asks for ${range}, ${installed ?? 'none'} resolves`] : [];
      });
    });
    expect(mismatched).toEqual([]);
  });
});
