import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import WebSocket from 'ws';
import { topics } from '@vis/domain';
import { measureCpu } from './proc-cpu.ts';

/** One rate of the lag curve: who heard what, how late, and what it cost the server. */
export interface LagAtRate {
  rate: number;
  achievedRate: number;
  commandsSent: number;
  heard: number;
  /** Commands not answered 2xx, by status: a refused command is never heard, and says why. */
  refused: Record<number, number>;
  p50: number;
  p99: number;
  /**
   * From sending a command to its answer (the event appended and fsynced): the part of the lag that is the durable
   * append's, the rest being the read models' commit and the notification.
   */
  answeredP50: number;
  answeredP99: number;
  /** CPU ms per command on the server's request thread and in the whole server process. */
  requestThreadMsPerCommand: number;
  /** On the busiest other thread: the projection thread, which folds, writes and commits the read models. */
  projectionThreadMsPerCommand: number;
  serverMsPerCommand: number;
  serverCores: number;
  loadGeneratorCores: number;
  /**
   * The load generator's own event-loop delay over the run (p99 and max, ms): a lag is timed where its message is
   * read, so a generator that stalls (its garbage collection, a full core) makes every lag it reads late longer.
   */
  loadGeneratorDelayP99: number;
  loadGeneratorDelayMax: number;
  /** What `alsoMeasure` counted over the rate's run. */
  also: Record<string, number>;
}

export const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** A figure over several runs: the median (of an odd number of runs) and the range. */
export interface Spread {
  median: number;
  min: number;
  max: number;
}
export const spreadOf = (values: readonly number[]): Spread => {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)] ?? NaN, min: sorted[0] ?? NaN, max: sorted.at(-1) ?? NaN };
};
/** '5.16 ms (4.80–6.02)': the median and the range of a figure. */
export const formatSpread = ({ median, min, max }: Spread, unit = '') => `${median.toFixed(2)}${unit} (${min.toFixed(2)}–${max.toFixed(2)})`;

/** Several curves over the same rates, regrouped by rate: each rate's runs, in the order the curves were measured. */
export const runsByRate = (curves: readonly (readonly LagAtRate[])[]) =>
  (curves[0] ?? []).map((point, index) => ({ rate: point.rate, runs: curves.map((curve) => curve[index]!) }));

/**
 * Projection lag: commands (AddParameter over `projects`, in turn) sent at a steady rate → `changed` message on
 * /ws. A command is heard when a `changed` message for its project arrives at or past the position its answer gave
 * (one message may cover several commands: coalescing is fine, a lost notification is not); its lag runs from
 * sending it to that message. Each rate also gives the server's CPU per command (request thread, whole process),
 * so that the curve shows what a batch costs against how late it is heard, from a command now and then to many.
 */
export const measureLagCurve = async ({
  url,
  cookie,
  projects,
  pid,
  rates,
  seconds,
  alsoMeasure = () => () => ({}),
}: {
  url: string;
  cookie: string;
  projects: readonly string[];
  pid: number;
  rates: readonly number[];
  /** How long each rate is sent for; the lowest rates send at least `minCommands`. */
  seconds: number;
  /** Started with each rate's run, its returned function called at its end: counts to report beside the lag. */
  alsoMeasure?: () => () => Record<string, number>;
}): Promise<LagAtRate[]> => {
  const socket = new WebSocket(`${url.replace('http', 'ws')}/ws`, { headers: { cookie } });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  socket.send(JSON.stringify({ type: 'subscribe', topics: projects.map((id) => topics.project(id)) }));
  const subscribed = JSON.parse(String(await new Promise((resolve) => socket.once('message', resolve)))) as { topics?: string[] };
  if (subscribed.topics?.length !== projects.length) throw new Error(`subscription refused: ${JSON.stringify(subscribed)}`);
  /** Per project: commands answered but not yet heard, and the newest `changed` message heard (positions only grow). */
  const unheard = new Map<string, { sent: number; position: number }[]>();
  const newestHeard = new Map<string, { position: number; at: number }>();
  let lags: number[] = [];
  let answered: number[] = [];
  const settle = (topic: string) => {
    const message = newestHeard.get(topic);
    if (!message) return;
    const waiting = unheard.get(topic) ?? [];
    // A message can come before the command's answer: the command is then heard when its answer arrives.
    for (const command of waiting) if (message.position >= command.position) lags.push(Math.max(0, message.at - command.sent));
    unheard.set(
      topic,
      waiting.filter((command) => message.position < command.position),
    );
  };
  socket.on('message', (raw) => {
    const at = performance.now();
    const message = JSON.parse(String(raw)) as { type: string; topic: string; position?: string };
    if (message.type !== 'changed' || message.position === undefined) return;
    const position = Number(message.position);
    if (position > (newestHeard.get(message.topic)?.position ?? -1)) newestHeard.set(message.topic, { position, at });
    settle(message.topic);
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  let sentSoFar = 0;
  // Each value new to its project: a parameter the project already has is no change, so no event and no message.
  const run = `${process.pid}.${Date.now().toString(36)}`;
  let refused: Record<number, number> = {};
  const send = () =>
    new Promise<void>((resolve) => {
      const projectId = projects[sentSoFar++ % projects.length]!;
      const topic = topics.project(projectId);
      const sent = performance.now();
      const request = http.request(
        `${url}/api/projects/${projectId}/parameters`,
        { method: 'POST', agent, headers: { 'content-type': 'application/json', cookie } },
        (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += String(chunk)));
          response.on('end', () => {
            answered.push(performance.now() - sent);
            const status = response.statusCode ?? 0;
            if (status >= 300) refused[status] = (refused[status] ?? 0) + 1;
            const position = Number((JSON.parse(body) as { position?: string }).position);
            if (Number.isFinite(position)) {
              unheard.set(topic, [...(unheard.get(topic) ?? []), { sent, position }]);
              settle(topic);
            }
            resolve();
          });
        },
      );
      request.end(JSON.stringify({ value: `lag ${run}.${sentSoFar}` }));
    });
  const curve: LagAtRate[] = [];
  for (const rate of rates) {
    lags = [];
    answered = [];
    refused = {};
    unheard.clear();
    // At 10 commands a second a run of a few seconds gives too few lags for a p99: the low rates run longer.
    const commandsSent = Math.max(Math.round(rate * seconds), 100);
    const cpu = measureCpu(pid);
    const counted = alsoMeasure();
    const delay = monitorEventLoopDelay({ resolution: 1 });
    delay.enable();
    const pending: Promise<void>[] = [];
    const start = performance.now();
    for (let i = 0; i < commandsSent; i++) {
      const wait = start + (i * 1000) / rate - performance.now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      pending.push(send());
    }
    await Promise.all(pending);
    const sendingMs = performance.now() - start;
    await new Promise((resolve) => setTimeout(resolve, 500));
    const used = cpu();
    const also = counted();
    delay.disable();
    lags.sort((a, b) => a - b);
    answered.sort((a, b) => a - b);
    curve.push({
      rate,
      achievedRate: commandsSent / (sendingMs / 1000),
      commandsSent,
      heard: lags.length,
      refused,
      p50: percentile(lags, 50),
      p99: percentile(lags, 99),
      answeredP50: percentile(answered, 50),
      answeredP99: percentile(answered, 99),
      requestThreadMsPerCommand: used.requestThreadMs / commandsSent,
      projectionThreadMsPerCommand: used.busiestOtherThreadMs / commandsSent,
      serverMsPerCommand: used.serverMs / commandsSent,
      serverCores: used.serverMs / sendingMs,
      loadGeneratorCores: used.loadGeneratorMs / sendingMs,
      loadGeneratorDelayP99: delay.percentile(99) / 1e6,
      loadGeneratorDelayMax: delay.max / 1e6,
      also,
    });
  }
  socket.close();
  agent.destroy();
  return curve;
};
