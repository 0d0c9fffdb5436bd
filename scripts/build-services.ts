// `npm run build:services [-- <outDir>]`: the three services as plain JavaScript, for containers and for the
// topology test, so that production runs `node`, not a TypeScript loader compiling on every start.
//
// Each service is one ES module: the project's own workspaces (@vis/*, whose packages export TypeScript) are
// bundled in, every package from node_modules stays an import, resolved at run time from the installed
// node_modules as before. Source maps point stack traces at the TypeScript.
import path from 'node:path';
import { build, type BuildOptions, type Plugin } from 'esbuild';

export const SERVICES = ['command-api', 'projections', 'query-api'] as const;
export type ServiceName = (typeof SERVICES)[number];

const root = path.resolve(import.meta.dirname, '..');

/** Bare imports stay imports, except the workspaces', which are TypeScript and so must be compiled in. */
const installedPackagesStayExternal: Plugin = {
  name: 'installed-packages-stay-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, ({ path: specifier }) => (specifier.startsWith('@vis/') ? undefined : { external: true }));
  },
};

/** How a Node entry is compiled (the services here, the embedded server in build-embedded.ts): no keepNames. */
export const nodeBundle = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // One file an entry; what they share is small next to a second copy of node_modules.
  splitting: false,
  outExtension: { '.js': '.mjs' },
  plugins: [installedPackagesStayExternal],
  logLevel: 'warning',
} satisfies BuildOptions;

/** Each service's compiled file, and the installed packages it imports (which the image must install). */
export const buildServices = async (outDir = path.join(root, 'dist')) => {
  const { metafile } = await build({
    metafile: true,
    entryPoints: Object.fromEntries(SERVICES.map((service) => [service, path.join(root, service, 'src', 'main.ts')])),
    outdir: outDir,
    ...nodeBundle,
  });
  const files = Object.fromEntries(SERVICES.map((service) => [service, path.join(outDir, `${service}.mjs`)])) as Record<ServiceName, string>;
  const imported = new Set<string>();
  for (const output of Object.values(metafile.outputs)) {
    for (const { path: specifier, external } of output.imports) if (external && !specifier.startsWith('node:')) imported.add(packageOf(specifier));
  }
  return { files, importedPackages: [...imported].sort() };
};

/** `koa`, `@koa/router`, `mongodb` from `koa`, `@koa/router/x`, `mongodb/lib/y`. */
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

const isMain = process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.resolve(import.meta.filename);
if (isMain) {
  const { files } = await buildServices(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
  for (const [service, file] of Object.entries(files)) console.log(`${service}: ${path.relative(process.cwd(), file)}`);
}
