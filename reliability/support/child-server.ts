import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { LIMITS_OFF } from './server.ts';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const STARTUP_TIMEOUT_MS = 60_000;

/**
 * `npm start`'s server (server/main.ts) as a child process on DATA_DIR, on a port of its own choosing (PORT=0;
 * the URL is read from what it prints), so that a test can SIGKILL it mid-write and start it again. `nodeOptions`
 * go before the script, as an operator's `node --max-old-space-size=4096 …` would.
 */
export const startChildServer = async (dataDir: string, { nodeOptions = [] }: { nodeOptions?: readonly string[] } = {}) => {
  const child: ChildProcess = spawn(process.execPath, [...nodeOptions, '--import', 'tsx', 'server/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      ...Object.fromEntries(Object.entries(LIMITS_OFF).map(([key, value]) => [key, String(value)])),
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      OPS_TOKEN: '',
      EVENTSTORE_URL: '',
      MONGODB_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start within ${STARTUP_TIMEOUT_MS} ms:\n${output}`)), STARTUP_TIMEOUT_MS);
    const read = (chunk: string) => {
      output = (output + chunk).slice(-20_000);
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.setEncoding('utf8').on('data', read);
    child.stderr!.setEncoding('utf8').on('data', read);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`server exited while starting (${signal ?? code}):\n${output}`));
    });
  });
  for (;;) {
    const health = await fetch(`${url}/healthz`).catch(() => null);
    if (health?.status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return {
    url,
    pid: child.pid!,
    output: () => output,
    /** The process dies between any two instructions: no shutdown handler runs, nothing is flushed by it. */
    kill: async () => {
      child.kill('SIGKILL');
      return exited;
    },
    /** `npm start`'s own shutdown (SIGTERM): stores closed cleanly. */
    stop: async () => {
      child.kill('SIGTERM');
      const result = await exited;
      if (result.code !== 0) throw new Error(`server did not stop cleanly (${result.signal ?? result.code}):\n${output}`);
    },
    exited,
  };
};

export type ChildServer = Awaited<ReturnType<typeof startChildServer>>;
