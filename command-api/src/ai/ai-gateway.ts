import {
  chargeMethodFor,
  IdempotencyKeyReusedError,
  NotFoundError,
  projectDecider,
  projectStreamId,
  type ActiveProjectState,
  type AiAnswer,
  type CommandMetadata,
  type ProjectCommand,
  MAX_ASKED_LENGTH,
} from '@vis/domain';
import {
  handleCommand,
  handledBefore,
  readStreamState,
  type DocumentStore,
  type EventStore,
  type KeyVault,
  type Logger,
  type Metrics,
} from '@vis/infrastructure';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Context, Next } from 'koa';
import type { Accounts } from '../accounts/accounts.ts';
import { commandMetadata, idFromCommand } from '../command-context.ts';
import { listCreatedProject } from '../projects/adopt-visitor-projects.ts';
import { AI_REQUESTS_COLLECTION, createAiJournal } from './ai-journal.ts';
import { AiHttpError } from './errors.ts';
import { createGeminiProvider } from './gemini/gemini-provider.ts';
import { AI_PROCESS_HEADER, type AiProcessChannel } from './process-channel.ts';
import { AiProviderError, type AiInput, type AiOutput, type AiProvider, type AiUse } from './provider.ts';
import type { AiRateLimit } from './rate-limit.ts';

export interface GeminiSettings {
  /** The server's key (GEMINI_API_KEY); without it, calls without a project key of their own run offline. */
  apiKey?: string;
  model: string;
  baseUrl?: string;
}

export interface AiGatewayDeps {
  eventStore: EventStore;
  accounts: Accounts;
  vault: KeyVault;
  logger: Logger;
  clock: () => Date;
  newId: () => string;
  gemini: GeminiSettings;
  offline: AiProvider;
  processes: AiProcessChannel;
  rateLimit: AiRateLimit;
  /** A model call still running after this long is given up (and refunded). */
  timeoutMs: number;
  /** Counts and times the model calls, by use, provider and outcome. */
  metrics?: Metrics;
  /** Where the AI request journal is kept (every replica shares it). */
  documentStore: DocumentStore;
  /** How often abandoned requests (a process died mid-request) are looked for and repaired. */
  repairEveryMs?: number;
}

/** The project command that records an outcome; the gateway adds metadata. */
export type OutcomeCommand = Omit<ProjectCommand, 'metadata'>;

export interface AiCall<U extends AiUse> {
  use: U;
  /** What the caller is told when the model fails (the spec's message for this call). */
  failure: string;
  projectId?: string;
  /**
   * Without `projectId`: the request makes a project of the caller's (Quick Start's new project), at
   * `createdProjectIdOf(requestId)`; `record` creates it, so a refused outcome leaves no project and is refunded.
   */
  createsProject?: boolean;
  /** Built once the project (if any) is known to be the caller's; may refuse input with a ValidationError. */
  input: (project: ActiveProjectState | null) => AiInput<U>;
  /** Cleans the model's answer; throws AiProviderError('empty') when nothing usable is left. */
  accept?: (output: AiOutput<U>, input: AiInput<U>) => AiOutput<U>;
  /** The title of the error when `accept` finds the answer empty (default: `failure`). */
  emptyTitle?: string;
  /**
   * The outcome to record on the project, for an analyst replaying how AI shaped the idea, and what it changes
   * in the project when the use applies its answer (decided with it, in one append).
   */
  record?: (
    output: AiOutput<U>,
    outcome: { requestId: string; ai: AiAnswer; input: AiInput<U>; projectId: string },
  ) => OutcomeCommand | readonly OutcomeCommand[];
  /** The last progress message's text. */
  done: (output: AiOutput<U>) => string;
}

export interface AiResult<U extends AiUse> {
  output: AiOutput<U>;
  ai: AiAnswer;
  requestId: string;
  input: AiInput<U>;
  /** Where the recorded outcome landed (X-Min-Position for the project's next read); null when nothing was recorded. */
  position: string | null;
}

const requestIdOf = (metadata: CommandMetadata) => `ai-${metadata.commandId}`;
const outcomeCommandId = (requestId: string) => `${requestId}:outcome`;
/** The project a request with `createsProject` makes: the same for a retry of the request, so it is made once. */
export const createdProjectIdOf = (requestId: string) => idFromCommand(`${requestId}:project`);

const MAX_ASKED_TEXT = 2000;
const MAX_ASKED_ITEMS = 100;

/**
 * What was asked, cut to what an analyst needs (long texts and lists shortened), so that a request the model
 * has already answered (and the user has paid for) is never refused by the decider's size check when recorded.
 */
export const boundedAsked = (asked: Record<string, unknown>): Record<string, unknown> => {
  const bound = (value: unknown, depth: number): unknown => {
    if (typeof value === 'string') return value.length > MAX_ASKED_TEXT ? `${value.slice(0, MAX_ASKED_TEXT)}…` : value;
    if (depth > 3 || value === null || typeof value !== 'object') return typeof value === 'object' && value !== null ? '…' : value;
    if (Array.isArray(value)) return value.slice(0, MAX_ASKED_ITEMS).map((item) => bound(item, depth + 1));
    return Object.fromEntries(
      Object.entries(value)
        .slice(0, MAX_ASKED_ITEMS)
        .map(([key, item]) => [key, bound(item, depth + 1)]),
    );
  };
  const bounded = bound(asked, 0) as Record<string, unknown>;
  return JSON.stringify(bounded).length <= MAX_ASKED_LENGTH ? bounded : { truncated: true };
};

/**
 * Every AI request goes through here, in this order: rate limit, the project's owner, the caller's input, the
 * live-progress slot, then the charge on the caller's account stream (own valid key → subscription → point →
 * free play → 402), and only then the model. A failed or unusable answer is refunded before the error is
 * answered. A request id derived from the command id (Idempotency-Key) makes a retry free: the account does
 * not charge a request id twice unless it was refunded.
 */
export const createAiGateway = (deps: AiGatewayDeps) => {
  const { eventStore, accounts, vault, logger, processes, rateLimit } = deps;

  /** One request's metadata, made once: `once` and `run` must agree on its request id. */
  const metadataOf = (ctx: Context): CommandMetadata => {
    const state = ctx.state as { aiMetadata?: CommandMetadata };
    return (state.aiMetadata ??= commandMetadata(ctx, deps));
  };

  const projectState = async (projectId: string) => (await readStreamState(eventStore, projectDecider, projectStreamId(projectId))).state;

  /** The project if the caller owns it; another owner's is as missing as one that never was (404). */
  const ownedProject = async (projectId: string, actorId: string): Promise<ActiveProjectState> => {
    const state = await projectState(projectId);
    if (state.status !== 'active' || state.ownerId !== actorId) throw new NotFoundError('project', projectId);
    return state;
  };

  const geminiWith = (apiKey: string) => createGeminiProvider({ apiKey, model: deps.gemini.model, baseUrl: deps.gemini.baseUrl });

  /**
   * The project's own verified key first (free for the user), then the server's key, then the offline generator.
   * A key left in the vault after the project stopped having one (a settings reset) is removed on the way.
   */
  const providerFor = async (project: ActiveProjectState | null): Promise<{ provider: AiProvider; ownKey: boolean }> => {
    if (project?.aiKey && project.aiKeyStatus === 'Valid') {
      const stored = await vault.get(project.projectId);
      if (stored && stored.keyId === project.aiKey.keyId) return { provider: geminiWith(stored.apiKey), ownKey: true };
    } else if (project && !project.aiKey && (await vault.keyIdOf(project.projectId))) {
      await vault.delete(project.projectId);
    }
    if (deps.gemini.apiKey) return { provider: geminiWith(deps.gemini.apiKey), ownKey: false };
    return { provider: deps.offline, ownKey: false };
  };

  const step = (metadata: CommandMetadata, commandId: string): CommandMetadata => ({ ...metadata, commandId });

  const recordOutcome = async (projectId: string, outcome: OutcomeCommand | readonly OutcomeCommand[], metadata: CommandMetadata) => {
    const commands = (Array.isArray(outcome) ? outcome : [outcome]).map((each: OutcomeCommand) => {
      const data = each.data as { asked?: Record<string, unknown> };
      return { ...each, data: data.asked ? { ...data, asked: boundedAsked(data.asked) } : data, metadata } as ProjectCommand;
    });
    return handleCommand(eventStore, projectDecider, projectStreamId(projectId), commands);
  };

  const refund = (actor: string, requestId: string, reason: string, metadata: CommandMetadata) =>
    accounts.execute('RefundAiRequest', actor, { requestId, reason }, step(metadata, `${requestId}:refund:${deps.newId()}`));

  const run = async <U extends AiUse>(ctx: Context, call: AiCall<U>): Promise<AiResult<U>> => {
    const metadata = metadataOf(ctx);
    const actor = metadata.actorId;
    await rateLimit.take(actor);
    const project = call.projectId === undefined ? null : await ownedProject(call.projectId, actor);
    const input = call.input(project);
    const { provider, ownKey } = await providerFor(project);
    // Before anything is charged: a visitor's AI counts against their address's limit, whatever pays for it (free
    // plays, a public coupon's points, a subscription): only a project's own key costs the server nothing.
    if (!ownKey && actor.startsWith('visitor-') && chargeMethodFor(await accounts.stateOf(actor), false) !== null) {
      await rateLimit.takeVisitorAi(ctx.ip);
    }
    const process = await processes.begin(actor, ctx.get(AI_PROCESS_HEADER));
    const requestId = requestIdOf(metadata);
    try {
      await accounts.execute('ChargeAiRequest', actor, { requestId, ownKeyValid: ownKey }, step(metadata, `${requestId}:charge:${deps.newId()}`));
      process.update('processing', 'Processing your request...');
      let output: AiOutput<U>;
      let promptVersion: string;
      const callStarted = performance.now();
      const observeCall = (outcome: string) => {
        deps.metrics?.aiCalls.inc({ use: call.use, provider: provider.name, outcome });
        deps.metrics?.aiSeconds.observe({ provider: provider.name }, (performance.now() - callStarted) / 1000);
      };
      try {
        const answer = await provider.run(call.use, input, { signal: AbortSignal.timeout(deps.timeoutMs) });
        process.update('analyzing', 'Analyzing the response...');
        output = call.accept ? call.accept(answer.output, input) : answer.output;
        observeCall('ok');
        promptVersion = answer.promptVersion;
      } catch (error) {
        const reason = error instanceof AiProviderError ? error.reason : 'error';
        observeCall(reason);
        logger.warn(
          {
            use: call.use,
            requestId,
            httpRequestId: metadata.requestId,
            provider: provider.name,
            reason,
            detail: error instanceof Error ? error.message : String(error),
          },
          'AI call failed',
        );
        // The journal lets one caller at a time run a request id, so its charge is this caller's to give back.
        await refund(actor, requestId, `${provider.name}: ${reason}`, metadata);
        if (!(error instanceof AiProviderError)) throw error;
        const title = error.reason === 'empty' && call.emptyTitle ? call.emptyTitle : call.failure;
        throw new AiHttpError(502, title, title);
      }
      const ai: AiAnswer = { provider: provider.name, model: provider.model, promptVersion, ownKey };
      process.update('saving', 'Saving the results...');
      // A refusal now (the list filled up, the idea was finished meanwhile) delivers nothing: it is refunded.
      const recordOn = project?.projectId ?? (call.createsProject ? createdProjectIdOf(requestId) : null);
      const outcome =
        recordOn && call.record
          ? await recordOutcome(
              recordOn,
              call.record(output, { requestId, ai, input, projectId: recordOn }),
              step(metadata, outcomeCommandId(requestId)),
            ).catch(async (error: unknown) => {
              await refund(actor, requestId, 'outcome refused', metadata);
              throw error;
            })
          : null;
      // Quick Start's new project is a create like any other: a visitor's goes on the visitor's list. Past the
      // refund: the outcome was delivered, and a project left off the list still moves on sign-in through the
      // project list read model, only later.
      const recorded =
        outcome &&
        (await listCreatedProject(eventStore, outcome, metadata).catch((error: unknown) => {
          logger.warn({ err: error, requestId }, "a visitor's new project could not be listed for sign-in");
          return outcome;
        }));
      process.complete(call.done(output));
      return { output, ai, requestId, input, position: recorded ? String(recorded.position) : null };
    } catch (error) {
      process.fail(error instanceof Error && 'title' in error ? String((error as { title: unknown }).title) : call.failure);
      throw error;
    } finally {
      await process.end();
    }
  };

  const journal = createAiJournal({
    documentStore: deps.documentStore,
    clock: deps.clock,
    owner: `command-api-${deps.newId()}`,
    // Longer than any run may take: the model's timeout plus the writes around it.
    leaseMs: deps.timeoutMs + 30_000,
  });

  /**
   * Runs an AI request once per request id (from the Idempotency-Key): the first caller runs it; a retry, sent
   * while it runs or up to a day later, answers the first outcome without asking the model again; the same key
   * with another body answers 422. A request that failed (refunded) or was refused before any charge is
   * forgotten, so its retry is a new try.
   */
  const once = async (ctx: Context, next: Next) => {
    const metadata = metadataOf(ctx);
    const requestId = requestIdOf(metadata);
    const keyed = metadata.requestDigest !== undefined;
    const projectId = (ctx.request.body as { projectId?: unknown } | undefined)?.projectId;
    const claim = {
      requestId,
      actorId: metadata.actorId,
      projectId: typeof projectId === 'string' ? projectId : null,
      requestDigest: metadata.requestDigest ?? null,
    };
    for (const started = Date.now(); ;) {
      const claimed = await journal.claim(claim);
      if (claimed.kind !== 'claimed' && claimed.requestDigest !== claim.requestDigest) throw new IdempotencyKeyReusedError();
      if (claimed.kind === 'answered') {
        ctx.status = claimed.answer.status;
        ctx.body = claimed.answer.body;
        ctx.set('Idempotent-Replayed', 'true');
        return;
      }
      if (claimed.kind === 'claimed') break;
      // Another caller runs it: wait for its answer, or for it to give the request up.
      let answer = await journal.answerOf(requestId);
      while (answer === 'running' && Date.now() - started < deps.timeoutMs + 30_000) {
        await sleep(50);
        answer = await journal.answerOf(requestId);
      }
      if (answer === 'running') throw new AiHttpError(503, 'Request in progress', 'This request is still being processed. Please try again shortly.');
    }
    try {
      await next();
    } catch (error) {
      await journal.release(requestId);
      throw error;
    }
    if (keyed && ctx.status >= 200 && ctx.status < 300) await journal.answer(requestId, { status: ctx.status, body: ctx.body });
    else await journal.release(requestId);
  };

  /**
   * A process that died between a charge and its answer left a running entry: once its lease ran out, the charge
   * is refunded unless the outcome reached the project (then the person has it). Runs at start and then now and then.
   */
  const repairAbandoned = async () => {
    for (const entry of await journal.abandoned()) {
      if (!(await journal.takeOver(entry.requestId, entry.leaseUntil))) continue;
      const metadata: CommandMetadata = { commandId: `${entry.requestId}:repair`, actorId: entry.actorId, now: deps.clock().toISOString() };
      // A request without a project may have made one (createsProject): its outcome is looked for there.
      const delivered = await handledBefore(eventStore, projectDecider, projectStreamId(entry.projectId ?? createdProjectIdOf(entry.requestId)), {
        ...metadata,
        commandId: outcomeCommandId(entry.requestId),
      });
      if (!delivered && entry.actorId) await refund(entry.actorId, entry.requestId, 'abandoned: the server stopped mid-request', metadata);
      logger.warn({ requestId: entry.requestId, refunded: !delivered }, 'AI request abandoned by a stopped process: repaired');
      await journal.release(entry.requestId);
    }
    await journal.sweep();
  };
  deps.documentStore
    .createIndexes(AI_REQUESTS_COLLECTION, [{ key: { state: 1, leaseUntil: 1 } }, { key: { state: 1, expiresAt: 1 } }])
    .catch((error: unknown) => logger.warn({ err: error }, 'creating the AI request journal indexes failed'));
  const repair = () => repairAbandoned().catch((error: unknown) => logger.error({ err: error }, 'repairing abandoned AI requests failed'));
  void repair();
  const repairing = setInterval(() => void repair(), deps.repairEveryMs ?? 60_000);
  repairing.unref();

  return { run, once, repairAbandoned, stop: () => clearInterval(repairing), ownedProject, geminiWith };
};

export type AiGateway = ReturnType<typeof createAiGateway>;
