import type Router from '@koa/router';
import {
  lastFourOf,
  maskedGeminiKey,
  projectDecider,
  projectStreamId,
  type CommandMetadata,
  type ProjectCommand,
  type RemoveGeminiKeyResponse,
  type VerifyApiKeyResponse,
} from '@vis/domain';
import { handleCommand, parseInput, type EventStore, type KeyVault } from '@vis/infrastructure';
import type { Context } from 'koa';
import { commandMetadata, idFromCommand } from '../command-context.ts';
import type { AiGateway } from './ai-gateway.ts';
import { aiErrors } from './errors.ts';
import type { AiRateLimit } from './rate-limit.ts';
import { setGeminiKeyBody, verifyApiKeyBody } from './schemas.ts';

interface Deps {
  eventStore: EventStore;
  gateway: AiGateway;
  vault: KeyVault;
  rateLimit: AiRateLimit;
  clock: () => Date;
  newId: () => string;
  /** Whether Google accepts a key; any failure, the network's included, is false. */
  verify: (apiKey: string) => Promise<boolean>;
}

/**
 * A project's own Gemini key (spec 01 §2 Settings, §4 "API key status": Not Set → Pending → Valid or Invalid).
 * The key goes into the vault, encrypted; the project's events get its last four characters. Verifying costs
 * the user nothing (it is not an AI request: Google answers with their own key), but counts against the rate
 * limit so that the server is no oracle for guessing keys.
 */
export const keyRoutes = (router: Router, deps: Deps) => {
  const { eventStore, gateway, vault, rateLimit } = deps;
  const run = (projectId: string, command: Omit<ProjectCommand, 'metadata'>, metadata: CommandMetadata) =>
    handleCommand(eventStore, projectDecider, projectStreamId(projectId), { ...command, metadata } as ProjectCommand);

  const setProjectKey = async (ctx: Context, projectId: string, apiKey: string) => {
    const metadata = commandMetadata(ctx, deps);
    await rateLimit.take(metadata.actorId);
    const project = await gateway.ownedProject(projectId, metadata.actorId);
    const stored = project.aiKey ? await vault.get(projectId) : null;
    // The same key again (Verify Key pressed twice) is verified again, not stored again.
    const same = stored !== null && stored.keyId === project.aiKey?.keyId && stored.apiKey === apiKey;
    const keyId = same ? stored.keyId : idFromCommand(metadata.commandId);
    if (!same) {
      await vault.put(projectId, { keyId, apiKey });
      await run(
        projectId,
        { type: 'SetGeminiKey', data: { projectId, keyId, lastFour: lastFourOf(apiKey) } },
        { ...metadata, commandId: `${metadata.commandId}:set` },
      );
    }
    const valid = await deps.verify(apiKey);
    const result = await run(
      projectId,
      { type: 'RecordGeminiKeyVerification', data: { projectId, keyId, valid } },
      { ...metadata, commandId: `${metadata.commandId}:verify` },
    );
    ctx.body = {
      success: true,
      valid,
      aiApiStatus: valid ? 'Valid' : 'Invalid',
      aiApiKey: maskedGeminiKey(lastFourOf(apiKey)),
      message: valid ? 'API key verified' : 'Invalid API key',
      position: String(result.position),
    } satisfies VerifyApiKeyResponse;
  };

  /** Spec 01 §7: `{ apiKey }` → `{ valid }`. With a projectId (ours) the key is also kept as that project's. */
  router.post('/api/verify-api-key', aiErrors, async (ctx) => {
    const body = parseInput(verifyApiKeyBody, ctx.request.body);
    if (body.projectId !== undefined) return setProjectKey(ctx, body.projectId, body.apiKey);
    await rateLimit.take(commandMetadata(ctx, deps).actorId);
    const valid = await deps.verify(body.apiKey);
    ctx.body = {
      success: true,
      valid,
      aiApiStatus: valid ? 'Valid' : 'Invalid',
      message: valid ? 'API key verified' : 'Invalid API key',
    } satisfies VerifyApiKeyResponse;
  });

  router.put('/api/projects/:projectId/gemini-key', aiErrors, async (ctx) => {
    const body = parseInput(setGeminiKeyBody, ctx.request.body);
    await setProjectKey(ctx, ctx.params.projectId!, body.apiKey);
  });

  /** The ciphertext goes first: once the answer says the key is gone, it is gone. */
  router.delete('/api/projects/:projectId/gemini-key', async (ctx) => {
    const projectId = ctx.params.projectId!;
    const metadata = commandMetadata(ctx, deps);
    await gateway.ownedProject(projectId, metadata.actorId);
    await vault.delete(projectId);
    const result = await run(projectId, { type: 'RemoveGeminiKey', data: { projectId } }, metadata);
    ctx.body = {
      success: true,
      changed: result.events.length > 0,
      aiApiStatus: 'Not Set',
      aiApiKey: '',
      position: String(result.position),
    } satisfies RemoveGeminiKeyResponse;
  });
};
