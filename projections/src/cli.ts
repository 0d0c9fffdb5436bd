import os from 'node:os';
import { parseArgs } from 'node:util';
import { SingleBar, Presets } from 'cli-progress';
import { boundHeapGrowth, loadConfigOrExit, openDocumentStore, openEventStore, silentLogger, createLogger } from '@vis/infrastructure';
import {
  createProjectionEngine,
  EMBEDDED_OWNER,
  parseAt,
  type AsOfReport,
  type DryRunReport,
  type ProjectionReport,
  type VerifyReport,
} from './engine/engine.ts';
import { parseFilter } from './ops-app.ts';
import { allProjections } from './read-models/index.ts';

const NAMES = allProjections.map((p) => p.name);
const USAGE = `Usage: npm run projections -- <command> [options]

Commands:
  status                        position, head, lag (events and seconds), version, state and error of every projection
  rebuild <name>|--all          rebuild a read model beside the serving one and switch to it, with progress and ETA
          [--dry-run]           only print how many events the rebuild would read, from which position; touch nothing
  resume <name>                 restart a projection stopped at an event it could not apply, from that event
         [--skip <position>]    pass over exactly that event (it must be the one it stopped at): an operator's
                                decision, logged and kept in the projection's status
         [--by <who>]           who decides (default: this machine's user)
  verify [<name>]               rebuild aside up to the serving position and compare every document (digest, then
                                field by field) and each document's per-stream revisions; exits 1 on any difference
  as-of <name> --at <at>        the read model as it was at a position or an ISO time, built aside from the log
        [--query <json>]        only documents matching a simple filter, e.g. '{"ownerId":"user-1"}'
        [--limit <n>] [--offset <n>]

Read models: ${NAMES.join(', ')}

Options:
  --url <url>        a running server (default http://HOST:PORT from the configuration); when none answers,
                     the command works directly on the stores under DATA_DIR / the configured URLs
  --token <token>    OPS_TOKEN of that server (default: OPS_TOKEN from the configuration)`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    url: { type: 'string' },
    token: { type: 'string' },
    all: { type: 'boolean' },
    'dry-run': { type: 'boolean' },
    skip: { type: 'string' },
    by: { type: 'string' },
    at: { type: 'string' },
    query: { type: 'string' },
    limit: { type: 'string' },
    offset: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
const [command, name] = positionals;
const exitWithUsage = (problem?: string): never => {
  if (problem) console.error(problem);
  console.log(USAGE);
  process.exit(values.help ? 0 : 1);
};
if (values.help || !command) exitWithUsage();
if (!['status', 'rebuild', 'resume', 'verify', 'as-of'].includes(command!)) exitWithUsage(`Unknown command ${command}`);
if (name && !NAMES.includes(name)) exitWithUsage(`Unknown read model ${name}`);
if (command === 'rebuild' && !name && !values.all) exitWithUsage('rebuild needs a read model or --all');
if ((command === 'resume' || command === 'as-of') && !name) exitWithUsage(`${command} needs a read model`);
if (command === 'as-of' && !values.at) exitWithUsage('as-of needs --at <position|ISO time>');
const skip = values.skip === undefined ? undefined : Number(values.skip);
if (skip !== undefined && (!Number.isSafeInteger(skip) || skip < 1))
  exitWithUsage('--skip takes the position of the event the projection stopped at');
let at: ReturnType<typeof parseAt> | undefined;
let filter: Record<string, unknown> = {};
try {
  if (values.at) at = parseAt(values.at);
  if (values.query) filter = parseFilter(values.query);
} catch (error) {
  exitWithUsage((error as Error).message);
}
const page = { limit: Number(values.limit ?? 50), skip: Number(values.offset ?? 0) };
const targets = command === 'verify' || (command === 'rebuild' && values.all) ? (name ? [name] : NAMES) : [name!];
const by = values.by ?? `${os.userInfo().username}@${os.hostname()}`;

const config = loadConfigOrExit();
const baseUrl = values.url ?? `http://${config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${config.PORT}`;
const token = values.token ?? config.OPS_TOKEN;
const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};

const errorText = (error: ProjectionReport['error']) =>
  error
    ? `${error.message} — ${error.eventType || 'event'} at position ${error.position}${error.streamId ? ` (stream ${error.streamId}, revision ${error.revision})` : ''}`
    : '';

const printTable = (projections: ProjectionReport[]) => {
  console.table(
    projections.map((p) => ({
      projection: p._id,
      version: p.version,
      state: p.state,
      position: p.position,
      head: p.head,
      lag: p.lag,
      'lag (s)': p.lagSeconds ?? '?',
      collection: p.collection,
      ...(p.rebuild ? { rebuilding: `${p.rebuild.position}/${p.head}` } : {}),
      ...(p.skipped?.length ? { skipped: p.skipped.map((s) => s.position).join(', ') } : {}),
    })),
  );
  for (const p of projections.filter((report) => report.error)) console.log(`${p._id} stopped: ${errorText(p.error)}`);
  for (const p of projections.filter((report) => report.rebuild?.error)) {
    const failure = p.rebuild!.error!;
    console.log(
      `${p._id} rebuild failed (attempt ${failure.attempts}): ${failure.message}; trying again at ${failure.retryAt}, the serving collection follows the log meanwhile`,
    );
  }
};

const printDryRun = (report: DryRunReport) =>
  console.log(
    `Dry run: rebuilding ${report.projection} would read ${report.events} events after position ${report.from} (up to head ${report.head}), then follow live appends. Nothing was changed.`,
  );

const printVerify = (report: VerifyReport) => {
  const { documents } = report;
  const verdict = report.ok ? 'OK' : 'DIFFERENT';
  console.log(
    `${report.projection} v${report.version} (${report.collection}) at position ${report.position}: ${verdict} — ${documents.serving} serving, ${documents.rebuilt} rebuilt, ${documents.identical} identical${documents.changedSince ? `, ${documents.changedSince} changed since the verify began (not compared)` : ''}`,
  );
  if (report.buildFailure)
    console.log(`  the rebuild from the log stopped: ${report.buildFailure.message} (position ${report.buildFailure.position})`);
  for (const difference of report.differences) {
    console.log(
      `  ${difference.kind} ${difference.id} (serving ${difference.servingDigest?.slice(0, 12) ?? '-'}, rebuilt ${difference.rebuiltDigest?.slice(0, 12) ?? '-'})`,
    );
    for (const field of difference.fields)
      console.log(`    ${field.path}: serving ${JSON.stringify(field.serving)}, log ${JSON.stringify(field.rebuilt)}`);
  }
  for (const gap of report.gaps) {
    console.log(
      `  gap: ${gap.documentId} applied stream ${gap.streamId} through revision ${gap.servingRevision ?? 'none'}, the log gives it through ${gap.logRevision ?? 'none'}`,
    );
  }
};

const printAsOf = (report: AsOfReport) => {
  console.log(
    `${report.projection} as of position ${report.position} (${report.events} events): ${report.total} documents${report.failure ? `; the build stopped at ${report.failure.position}: ${report.failure.message}` : ''}`,
  );
  for (const document of report.documents) console.log(JSON.stringify(document));
  if (report.total > page.skip + report.documents.length)
    console.log(`… ${report.total - page.skip - report.documents.length} more (--offset ${page.skip + report.documents.length})`);
};

/** The running server, or undefined when none answers at baseUrl. */
const fetchServer = async (path: string, init: { method?: string; body?: unknown } = {}) => {
  try {
    return await fetch(`${baseUrl}${path}`, {
      method: init.method,
      headers: init.body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
  } catch {
    return undefined;
  }
};
/** The answer's JSON, or exit with its message. */
const expectOk = async <T>(response: Response): Promise<T> => {
  const body = (await response.json().catch(() => ({}))) as T & { message?: string };
  if (!response.ok) {
    console.error(`${baseUrl} answered ${response.status}: ${body.message ?? response.statusText}`);
    process.exit(1);
  }
  return body;
};

const progressBar = () =>
  new SingleBar(
    // Value and total are positions (their ratio is the share of the log read); events are counted apart.
    { format: ' {bar} {percentage}% | {events} events | {rate} events/s | ETA {eta_formatted}', hideCursor: true, etaBuffer: 20 },
    Presets.shades_classic,
  );

const viaServer = async (): Promise<boolean> => {
  const status = await fetchServer('/api/ops/projections');
  if (!status) return false;
  const { projections } = await expectOk<{ projections: ProjectionReport[] }>(status);
  if (command === 'status') {
    printTable(projections);
    return true;
  }
  if (command === 'resume') {
    const answer = await expectOk<{ message: string }>(
      (await fetchServer(`/api/ops/projections/${name}/resume`, { method: 'POST', body: { skip, by } }))!,
    );
    console.log(`${answer.message} on ${baseUrl}`);
    return true;
  }
  if (command === 'as-of') {
    const query = new URLSearchParams({
      projection: name!,
      at: values.at!,
      limit: String(page.limit),
      skip: String(page.skip),
      ...(values.query ? { filter: values.query } : {}),
    });
    printAsOf(await expectOk<AsOfReport>((await fetchServer(`/api/ops/as-of?${query}`))!));
    return true;
  }
  if (command === 'verify') {
    let ok = true;
    for (const target of targets) {
      const { report } = await expectOk<{ report: VerifyReport }>((await fetchServer(`/api/ops/projections/${target}/verify`, { method: 'POST' }))!);
      printVerify(report);
      ok &&= report.ok;
    }
    if (!ok) process.exitCode = 1;
    return true;
  }
  for (const target of targets) {
    if (values['dry-run']) {
      const { dryRun } = await expectOk<{ dryRun: DryRunReport }>(
        (await fetchServer(`/api/ops/projections/${target}/rebuild?dryRun=true`, { method: 'POST' }))!,
      );
      printDryRun(dryRun);
      continue;
    }
    const body = await expectOk<{ message: string }>((await fetchServer(`/api/ops/projections/${target}/rebuild`, { method: 'POST' }))!);
    console.log(`${body.message} on ${baseUrl}`);
    const bar = progressBar();
    const startedAt = Date.now();
    bar.start(1, 0, { rate: 0, events: 0 });
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const { projections: reports } = await expectOk<{ projections: ProjectionReport[] }>((await fetchServer('/api/ops/projections'))!);
      const report = reports.find((p) => p._id === target)!;
      const done = !report.rebuild;
      // The bar is the share of the log read (position against head); the rate counts events, not positions.
      const position = done ? report.head : report.rebuild!.position;
      const events = report.rebuild?.events ?? 0;
      bar.setTotal(report.head);
      if (done) bar.update(position);
      else bar.update(position, { events, rate: Math.round(events / Math.max(0.001, (Date.now() - startedAt) / 1000)) });
      if (done) {
        bar.stop();
        console.log(`Rebuilt ${target}: now serving ${report.collection} at position ${report.position}`);
        break;
      }
    }
  }
  return true;
};

const offline = async () => {
  // Rebuilds and verifies fold the whole log here, with the server stopped.
  boundHeapGrowth();
  const eventStore = openEventStore(config);
  const documentStore = await openDocumentStore(config);
  // The skip decision is logged: to the terminal here, as the server logs it.
  const logger = command === 'resume' ? createLogger({ level: 'warn', name: 'projections-cli' }) : silentLogger();
  const engine = createProjectionEngine({ eventStore, documentStore, projections: allProjections, logger, ownerId: EMBEDDED_OWNER });
  try {
    if (command === 'status') return printTable(await engine.report());
    console.log(`No server answers at ${baseUrl}: working directly on the stores.`);
    if (command === 'verify') {
      let ok = true;
      for (const target of targets) {
        const report = await engine.verify(target);
        printVerify(report);
        ok &&= report.ok;
      }
      if (!ok) process.exitCode = 1;
      return;
    }
    if (command === 'as-of') return printAsOf(await engine.asOf(name!, at!, { filter, ...page }));
    if (command === 'resume') {
      await engine.resume(name!, { skip, by });
      const head = Number(await eventStore.headPosition());
      for (;;) {
        const report = (await engine.report()).find((p) => p._id === name)!;
        if (report.state === 'failed') {
          console.error(`${name} stopped again: ${errorText(report.error)}`);
          process.exitCode = 1;
          return;
        }
        if (report.position >= head) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      console.log(`Resumed ${name}${skip === undefined ? '' : `, skipping the event at position ${skip}`}: caught up at position ${head}`);
      return;
    }
    for (const target of targets) {
      if (values['dry-run']) {
        printDryRun(await engine.dryRun(target));
        continue;
      }
      const bar = progressBar();
      bar.start(Number(await eventStore.headPosition()), 0, { rate: 0, events: 0 });
      const stopListening = engine.onRebuildProgress((progress) => {
        bar.setTotal(progress.head);
        bar.update(progress.position, { events: progress.events, rate: Math.round(progress.eventsPerSecond) });
      });
      await engine.rebuild(target);
      stopListening();
      bar.stop();
      const report = (await engine.report()).find((p) => p._id === target)!;
      console.log(`Rebuilt ${target}: now serving ${report.collection} at position ${report.position}`);
    }
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 1;
  } finally {
    await engine.stop();
    await documentStore.close();
    await eventStore.close();
  }
};

if (!(await viaServer())) await offline();
