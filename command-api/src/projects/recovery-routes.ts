import type Router from '@koa/router';
import {
  evolveProject,
  initialProjectState,
  projectCommandSchemas,
  projectDecider,
  projectStreamId,
  type ProjectCommand,
  type ProjectEvent,
  type ProjectState,
} from '@vis/domain';
import { handleCommand, parseInput, readStreamPages, type EventStore, type KeyVault } from '@vis/infrastructure';
import type { Context } from 'koa';
import { commandMetadata } from '../command-context.ts';
import type { NameCheck } from './unique-names.ts';

interface Deps {
  eventStore: EventStore;
  clock: () => Date;
  newId: () => string;
  answer: (ctx: Context, result: Awaited<ReturnType<typeof handleCommand>>) => void;
  names: NameCheck;
  projectKeys: Pick<KeyVault, 'reinstate' | 'keyIdOf'>;
}

/**
 * The project at a revision, the one before it and the event between, read from its log: what a restore or an
 * undo puts back; and the project now (`current`), to know whose it is. Read here, not in the decider (which
 * must stay pure and sees only the project as it is now); the decider checks the revision against the project
 * and the caller. A revision past the end gives the project as it is now: the decider refuses it by its latest
 * revision.
 */
const projectAt = async (eventStore: EventStore, projectId: string, revision: number) => {
  let current: ProjectState = initialProjectState();
  let before = current;
  let at = current;
  let change: ProjectEvent | null = null;
  for await (const event of readStreamPages<ProjectEvent>(eventStore as EventStore<ProjectEvent>, projectStreamId(projectId))) {
    const next = evolveProject(current, event);
    if (event.revision <= BigInt(revision)) {
      before = current;
      at = next;
      change = event;
    }
    current = next;
  }
  return { before, at, change, current };
};

/** The caller's own project (active or in the trash): only then is a name checked, so a stranger learns nothing from a 409. */
const ownedBy = (state: ProjectState, actorId: string) => state.status !== 'empty' && state.ownerId === actorId;

/** History's 'Restore this version', the trash's 'Restore', and the Undo of a Clear All or a chip removal. */
export const projectRecoveryRoutes = (router: Router, { eventStore, clock, newId, answer, names, projectKeys }: Deps) => {
  const run = (projectId: string, command: ProjectCommand) => handleCommand(eventStore, projectDecider, projectStreamId(projectId), command);

  router.post('/api/projects/:projectId/restore-version', async (ctx) => {
    const projectId = ctx.params.projectId!;
    const data = parseInput(projectCommandSchemas.RestoreProjectVersion, { ...((ctx.request.body as object | undefined) ?? {}), projectId });
    const metadata = commandMetadata(ctx, { clock, newId });
    const { at, current } = await projectAt(eventStore, projectId, data.revision);
    // The name comes back with the version: it must still be free among the owner's other projects.
    if (at.status === 'active' && ownedBy(current, metadata.actorId)) await names.requireFree(metadata.actorId, at.name, projectId);
    answer(ctx, await run(projectId, { type: 'RestoreProjectVersion', data: { ...data, version: at }, metadata }));
  });

  router.post('/api/projects/:projectId/restore', async (ctx) => {
    const projectId = ctx.params.projectId!;
    const data = parseInput(projectCommandSchemas.RestoreDeletedProject, { projectId });
    const metadata = commandMetadata(ctx, { clock, newId });
    const { current } = await projectAt(eventStore, projectId, -1);
    // Back from the trash under its name, which another project may have taken meanwhile.
    if (current.status === 'deleted' && ownedBy(current, metadata.actorId))
      await names.requireFree(metadata.actorId, current.project.name, projectId);
    // Its Gemini key comes back if the vault kept it (a project deleted before keys were kept lost it then).
    const keyId = current.status === 'deleted' ? current.project.aiKey?.keyId : undefined;
    const keyKept = keyId !== undefined && (await projectKeys.keyIdOf(projectId)) === keyId;
    const result = await run(projectId, { type: 'RestoreDeletedProject', data: { ...data, keyKept }, metadata });
    if (result.events.some((event) => event.type === 'ProjectRestored')) await projectKeys.reinstate(projectId);
    answer(ctx, result);
  });

  router.post('/api/projects/:projectId/parameters/undo', async (ctx) => {
    const projectId = ctx.params.projectId!;
    const data = parseInput(projectCommandSchemas.UndoParameterRemoval, { ...((ctx.request.body as object | undefined) ?? {}), projectId });
    const { before, change } = await projectAt(eventStore, projectId, data.revision);
    const metadata = commandMetadata(ctx, { clock, newId });
    answer(ctx, await run(projectId, { type: 'UndoParameterRemoval', data: { ...data, before, change }, metadata }));
  });
};
