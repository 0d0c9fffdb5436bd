import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { buildServices, SERVICES, type ServiceName } from '../../scripts/build-services.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const NGINX_PATH = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const NGINX_SITE = path.join(ROOT, 'infrastructure/docker/nginx.conf');

/**
 * A port nothing listens on right now (the OS picks it), for nginx, which cannot be told to listen on 0. Between
 * this and nginx's start another process may take it: the gateway's readiness check asks for nginx's own answer.
 */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** The port a service says it listens on (runService's 'listening' line, logged at info), once it has said it. */
const listeningPort = (name: string, output: string) => {
  for (const line of output.split('\n')) {
    if (!line.includes(`"${name} listening"`)) continue;
    const { port } = JSON.parse(line) as { port?: unknown };
    if (typeof port === 'number') return port;
  }
  return undefined;
};

const replaceOnce = (text: string, pattern: RegExp, replacement: string) => {
  // The site file is the one the gateway image ships: if it changes shape, this must fail loudly, not test less.
  if (!pattern.test(text)) throw new Error(`infrastructure/docker/nginx.conf no longer has ${pattern}: update server/testing/topology.ts`);
  return text.replace(pattern, replacement);
};

/**
 * The project's own nginx site (infrastructure/docker/nginx.conf), with the compose service names and ports
 * replaced by the local processes' (several: one `server` line each, as compose's replicas resolve) and the web
 * app's folder for the image's; everything else as it ships.
 */
export const renderNginxSite = ({
  listen,
  upstreams,
  webRoot,
}: {
  listen: number;
  upstreams: Record<ServiceName, number | number[]>;
  webRoot: string;
}) => {
  let site = readFileSync(NGINX_SITE, 'utf8');
  for (const service of SERVICES) {
    const servers = ([] as number[]).concat(upstreams[service]).map((port) => `server 127.0.0.1:${port};`);
    site = replaceOnce(site, new RegExp(`server ${service}:3000;`), servers.join(' '));
  }
  site = replaceOnce(site, /listen 80;/, `listen 127.0.0.1:${listen};`);
  return replaceOnce(site, /root \/usr\/share\/nginx\/html;/, `root ${webRoot};`);
};

/** nginx's main file around the site, with every path it writes in `dir` (it runs unprivileged or as root). */
const nginxMainConfig = (dir: string) => {
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  return [
    'daemon off;',
    'worker_processes 1;',
    // As root, workers would switch to 'nobody', who cannot read a private temporary folder.
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    `pid ${path.join(dir, 'nginx.pid')};`,
    `error_log ${path.join(dir, 'error.log')} warn;`,
    'events { worker_connections 256; }',
    'http {',
    '  include /etc/nginx/mime.types;',
    '  default_type application/octet-stream;',
    '  access_log off;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${temp(name)}`),
    `  include ${path.join(dir, 'site.conf')};`,
    '}',
  ].join('\n');
};

const waitFor = async (what: string, check: () => Promise<boolean>, exited: () => string | undefined, timeoutMs = 60_000) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const exit = exited();
    if (exit) throw new Error(`${what} exited before it was ready: ${exit}`);
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} was not ready within ${timeoutMs} ms`);
};

interface Started {
  name: string;
  child: ChildProcess;
  output: string[];
}

const start = (name: string, command: string, args: string[], env: NodeJS.ProcessEnv): Started => {
  // Its own process group, so that closing ends it and anything it started, and nothing else.
  const child = spawn(command, args, { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { name, child, output };
};

const exitOf = ({ child, output }: Started) =>
  child.exitCode === null && child.signalCode === null ? undefined : `code ${child.exitCode ?? child.signalCode}\n${output.join('').slice(-3000)}`;

const stop = async ({ child }: Started) => {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid, 'SIGTERM');
  const timer = setTimeout(() => child.pid !== undefined && process.kill(-child.pid, 'SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
};

/**
 * nginx with the project's site (`renderNginxSite`) in `dir`, on `listen`, ready once nginx itself answers `/`.
 * Its process is the caller's to stop.
 */
const startGateway = async ({
  dir,
  listen,
  upstreams,
  webRoot,
  env,
}: {
  dir: string;
  listen: number;
  upstreams: Record<ServiceName, number | number[]>;
  webRoot: string;
  env: NodeJS.ProcessEnv;
}) => {
  const url = `http://127.0.0.1:${listen}`;
  const errorLog = () => (existsSync(path.join(dir, 'error.log')) ? readFileSync(path.join(dir, 'error.log'), 'utf8') : '');
  writeFileSync(path.join(dir, 'site.conf'), renderNginxSite({ listen, upstreams, webRoot }));
  writeFileSync(path.join(dir, 'nginx.conf'), nginxMainConfig(dir));
  const nginx = start('nginx', NGINX_PATH, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')], env);
  try {
    await waitFor(
      'nginx',
      // nginx's answer, not that of a process that took the port first (nginx then fails to bind, and exits).
      async () => {
        const response = await fetch(`${url}/`);
        return response.ok && (response.headers.get('server') ?? '').startsWith('nginx');
      },
      () => exitOf(nginx) && `${exitOf(nginx)}\n${errorLog()}`,
    );
  } catch (error) {
    await stop(nginx);
    throw error;
  }
  return { url, nginx, errorLog };
};

/**
 * nginx alone, with the project's site and `webRoot` as the web app, its upstreams pointing at a port nothing
 * listens on: what the gateway answers by itself (the web app's addresses). `url` is nginx's.
 */
export const startGatewayAlone = async ({ webRoot }: { webRoot: string }) => {
  mkdirSync(path.join(ROOT, 'node_modules/.cache'), { recursive: true });
  const dir = mkdtempSync(path.join(ROOT, 'node_modules/.cache/gateway-'));
  try {
    const nowhere = await freePort();
    const gateway = await startGateway({
      dir,
      listen: await freePort(),
      upstreams: { 'command-api': nowhere, projections: nowhere, 'query-api': nowhere },
      webRoot,
      env: { PATH: process.env.PATH },
    });
    return {
      url: gateway.url,
      close: async () => {
        await stop(gateway.nginx);
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
};

/**
 * The compose topology on one machine: command-api, projections and query-api as three `node` processes running
 * the compiled services (scripts/build-services.ts) on one embedded data directory, behind Debian's nginx with
 * the project's own site file, serving the built web app. `url` is nginx's.
 */
export const startTopology = async ({
  webRoot = path.join(ROOT, 'web/dist'),
  projectionsProcesses = 1,
  commandApiProcesses = 1,
  env: settings = {},
}: {
  webRoot?: string;
  /** How many projections processes share the projections through their leases (nginx reaches the first one's ops API). */
  projectionsProcesses?: number;
  /**
   * How many command-api replicas nginx spreads commands and `/ws/ai-process` over (round robin, as compose's
   * replicas); those after the first share the document store but append to event logs of their own (replicaDataDir).
   */
  commandApiProcesses?: number;
  /** More settings for every service (GEMINI_BASE_URL, say). */
  env?: NodeJS.ProcessEnv;
} = {}) => {
  if (!existsSync(path.join(webRoot, 'index.html'))) throw new Error(`no built web app in ${webRoot}: npm run build -w web`);
  mkdirSync(path.join(ROOT, 'node_modules/.cache'), { recursive: true });
  // Inside the repository, so that the compiled services find node_modules as they would in the image.
  const dir = mkdtempSync(path.join(ROOT, 'node_modules/.cache/topology-'));
  const started: Started[] = [];
  const close = async () => {
    await Promise.all(started.map(stop));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const { files: compiled } = await buildServices(path.join(dir, 'services'));
    const ports = {} as Record<ServiceName, number[]>;
    const gatewayPort = await freePort();
    const url = `http://127.0.0.1:${gatewayPort}`;
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      // info: each service's 'listening' line says which port it got (they listen on 0, so no two runs collide).
      LOG_LEVEL: 'info',
      DATA_DIR: path.join(dir, 'data'),
      SESSION_SECRET: 'topology-test-session-secret-0123456789',
      OPS_TOKEN: 'topology-test-ops-token-0123456789',
      TRUST_PROXY: 'true',
      PUBLIC_URL: url,
      ...settings,
    };
    /**
     * A further command-api replica's data directory: the document store shared (sessions, abuse counters, AI
     * process windows, as MongoDB is shared by compose's replicas), the event log its own. The embedded log has one
     * appender (process-lock.ts); on EventStoreDB every replica appends to the one log. Its events reach no
     * projection here: what runs on such a replica is checked through the document store and its own answers.
     */
    const replicaDataDir = (n: number) => {
      const replicaDir = path.join(dir, `data-command-api-${n}`);
      mkdirSync(path.join(env.DATA_DIR!, 'read-models'), { recursive: true });
      mkdirSync(replicaDir, { recursive: true });
      symlinkSync(path.join(env.DATA_DIR!, 'read-models'), path.join(replicaDir, 'read-models'));
      return replicaDir;
    };
    const service = async (name: ServiceName, dataDir = env.DATA_DIR) => {
      const running = start(name, process.execPath, ['--enable-source-maps', compiled[name]], { ...env, DATA_DIR: dataDir, PORT: '0' });
      started.push(running);
      let port: number | undefined;
      await waitFor(
        name,
        async () => {
          port = listeningPort(name, running.output.join(''));
          if (port === undefined) return false;
          return (await fetch(`http://127.0.0.1:${port}/healthz`)).ok;
        },
        () => exitOf(running),
      );
      return { port: port!, pid: running.child.pid!, running };
    };
    // command-api first: it creates the log the others open to read, and issues the public coupon.
    const firstCommandApi = await service('command-api');
    const [commandApis, projections, queryApi] = await Promise.all([
      Promise.all(Array.from({ length: commandApiProcesses - 1 }, (_, n) => service('command-api', replicaDataDir(n + 1)))),
      Promise.all(Array.from({ length: projectionsProcesses }, () => service('projections'))),
      service('query-api'),
    ]);
    ports['command-api'] = [firstCommandApi, ...commandApis].map(({ port }) => port);
    ports.projections = [projections[0]!.port];
    ports['query-api'] = [queryApi.port];
    /** A process's own port, and a SIGKILL of its process group (no stop, no release: a crash). */
    const killable = ({ port, pid, running }: Awaited<ReturnType<typeof service>>) => ({
      port,
      pid,
      kill: async () => {
        const exited = new Promise((resolve) => running.child.once('exit', resolve));
        process.kill(-pid, 'SIGKILL');
        await exited;
      },
    });

    const gateway = await startGateway({ dir, listen: gatewayPort, upstreams: ports, webRoot, env });
    started.push(gateway.nginx);
    /** What each process printed and whether it still runs, and nginx's error log: what a failing test shows. */
    const logs = () =>
      [
        ...started.map((running) => `== ${running.name} (${exitOf(running) ? 'exited' : 'running'})\n${running.output.join('')}`),
        `== nginx error.log\n${gateway.errorLog()}`,
      ].join('\n');
    return {
      url,
      ports,
      dataDir: env.DATA_DIR!,
      close,
      logs,
      projections: projections.map(killable),
      commandApis: [firstCommandApi, ...commandApis].map(killable),
      opsToken: env.OPS_TOKEN!,
    };
  } catch (error) {
    await close();
    throw error;
  }
};
