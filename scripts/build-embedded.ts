// `npm start` runs this first: the embedded server (server/main.ts) and its projection thread as plain JavaScript,
// compiled once at start, so that requests run what esbuild emits without tsx's keepNames. Under tsx every
// named closure made per request is wrapped in a `__name(...)` defineProperty call, which a profile showed costing
// a command measurable main-thread CPU. Built like the services (scripts/build-services.ts): the @vis/* workspaces
// compiled in, node_modules packages left as imports, source maps for stack traces.
//
// server/projection-thread.ts starts `new URL('./projection-worker.mjs', import.meta.url)`: from the sources that
// file registers tsx and imports projection-worker.ts; from the bundle the same URL is the compiled worker written
// beside main.mjs here, which needs no loader. Other paths the server reads (WEB_DIST_DIR, DATA_DIR) are relative
// to the working directory, not to a source file, so they resolve the same from dist/embedded/.
import path from 'node:path';
import { build } from 'esbuild';
import { nodeBundle } from './build-services.ts';

const root = path.resolve(import.meta.dirname, '..');

/**
 * How `npm start` runs the compiled server (package.json's start script says the same; a test holds them together).
 * `--max-semi-space-size=64`: the main thread's young generation 192 MB rather than V8's 48, as the projection
 * thread's (server/projection-thread.ts): the documents, stream states and parsed reads it keeps until the next
 * command on their project replaces them then die young instead of being promoted and swept by full collections.
 * A/B in docs/benchmarks.md (300/s: lag p99 15 -> 9 ms). V8 grows it only as far as survivors ask.
 * `--v8-pool-size=0`: V8's helper threads (parallel scavenges, concurrent marking, background compiles) one fewer
 * than the machine's cores, rather than node's fixed four: the server's own two threads (requests, projections)
 * are busy, and on a 2-core machine four helpers woken at each collection took the cores from them. Three A/Bs in
 * docs/benchmarks.md (1,000/s: lag p99 44-48 -> 28-32 ms; CPU per command the same or a little lower).
 */
export const EMBEDDED_NODE_OPTIONS = ['--enable-source-maps', '--max-semi-space-size=64', '--v8-pool-size=0'] as const;

/** The compiled server's entry (`node <main>`), with the projection worker beside it. */
export const buildEmbedded = async (outDir = path.join(root, 'dist', 'embedded')) => {
  await build({
    entryPoints: { main: path.join(root, 'server', 'main.ts'), 'projection-worker': path.join(root, 'server', 'projection-worker.ts') },
    outdir: outDir,
    ...nodeBundle,
  });
  return { main: path.join(outDir, 'main.mjs'), worker: path.join(outDir, 'projection-worker.mjs') };
};

const isMain = process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.resolve(import.meta.filename);
if (isMain) {
  const { main } = await buildEmbedded(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
  console.log(`embedded server: ${path.relative(process.cwd(), main)}`);
}
