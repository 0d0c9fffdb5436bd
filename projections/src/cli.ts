import { parseArgs } from 'node:util';
import { SingleBar, Presets } from 'cli-progress';
import { loadConfigOrExit, openDocumentStore, openEventStore, silentLogger } from '@vis/infrastructure';
import { createProjectionEngine, type ProjectionReport } from './engine/engine.ts';
import { allProjections } from './read-models/index.ts';

const USAGE = `Usage: npm run projections -- <command> [options]

Commands:
  status             position, head, lag, version and state of every projection
  rebuild <name>     rebuild a read model beside the serving one and switch to it (${allProjections.map((p) => p.name).join(', ')})

Options:
  --url <url>        a running server (default http://HOST:PORT from the configuration); when none answers,
                     the command works directly on the stores under DATA_DIR / the configured URLs
  --token <token>    OPS_TOKEN of that server (default: OPS_TOKEN from the configuration)`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { url: { type: 'string' }, token: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
});
const [command, name] = positionals;
if (values.help || !command || !['status', 'rebuild'].includes(command) || (command === 'rebuild' && !name)) {
  console.log(USAGE);
  process.exit(values.help ? 0 : 1);
}

const config = loadConfigOrExit();
const baseUrl = values.url ?? `http://${config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${config.PORT}`;
const token = values.token ?? config.OPS_TOKEN;
const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};

const printTable = (projections: ProjectionReport[]) => {
  console.table(
    projections.map((p) => ({
      projection: p._id,
      version: p.version,
      state: p.state,
      position: p.position,
      head: p.head,
      lag: p.lag,
      collection: p.collection,
      ...(p.rebuild ? { rebuilding: `${p.rebuild.position}/${p.head}` } : {}),
      ...(p.error ? { error: `${p.error.message} at ${p.error.position}` } : {}),
    })),
  );
};

/** The running server, or undefined when none answers at baseUrl. */
const fetchServer = async (path: string, init: { method?: string } = {}) => {
  try {
    return await fetch(`${baseUrl}${path}`, { ...init, headers });
  } catch {
    return undefined;
  }
};

const progressBar = () =>
  new SingleBar({ format: ' {bar} {percentage}% | {value}/{total} events | {rate} events/s', hideCursor: true }, Presets.shades_classic);

const viaServer = async (): Promise<boolean> => {
  const status = await fetchServer('/api/ops/projections');
  if (!status) return false;
  if (!status.ok) {
    console.error(
      `${baseUrl} answered ${status.status}: ${((await status.json().catch(() => ({}))) as { message?: string }).message ?? status.statusText}`,
    );
    process.exit(1);
  }
  if (command === 'status') {
    printTable(((await status.json()) as { projections: ProjectionReport[] }).projections);
    return true;
  }
  const started = await fetchServer(`/api/ops/projections/${name}/rebuild`, { method: 'POST' });
  const body = (await started!.json()) as { message: string };
  if (!started!.ok) {
    console.error(body.message);
    process.exit(1);
  }
  console.log(`${body.message} on ${baseUrl}`);
  const bar = progressBar();
  const startedAt = Date.now();
  bar.start(1, 0, { rate: 0 });
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const report = ((await (await fetchServer('/api/ops/projections'))!.json()) as { projections: ProjectionReport[] }).projections.find(
      (p) => p._id === name,
    )!;
    if (!report.rebuild) {
      bar.setTotal(report.head);
      bar.update(report.head, { rate: Math.round(report.head / ((Date.now() - startedAt) / 1000)) });
      bar.stop();
      console.log(`Rebuilt ${name}: now serving ${report.collection} at position ${report.position}`);
      return true;
    }
    bar.setTotal(report.head);
    bar.update(report.rebuild.position, { rate: Math.round(report.rebuild.position / ((Date.now() - startedAt) / 1000)) });
  }
};

const offline = async () => {
  const eventStore = openEventStore(config);
  const documentStore = await openDocumentStore(config);
  const engine = createProjectionEngine({ eventStore, documentStore, projections: allProjections, logger: silentLogger() });
  try {
    if (command === 'status') {
      printTable(await engine.report());
      return;
    }
    console.log(`No server answers at ${baseUrl}: rebuilding ${name} directly on the stores.`);
    const bar = progressBar();
    bar.start(Number(await eventStore.headPosition()), 0, { rate: 0 });
    engine.onRebuildProgress((progress) => {
      bar.setTotal(progress.head);
      bar.update(progress.position, { rate: Math.round(progress.eventsPerSecond) });
    });
    await engine.rebuild(name!);
    bar.stop();
    const report = (await engine.report()).find((p) => p._id === name)!;
    console.log(`Rebuilt ${name}: now serving ${report.collection} at position ${report.position}`);
  } finally {
    await engine.stop();
    await documentStore.close();
    await eventStore.close();
  }
};

if (!(await viaServer())) await offline();
