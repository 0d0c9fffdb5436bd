import type Router from '@koa/router';
import {
  DEFAULT_BUILDER_PROJECT_NAME,
  DEFAULT_PROJECT_NAME,
  nameFollowsCoreIdea,
  projectCommandSchemas,
  projectDecider,
  projectStreamId,
  restorableUntil,
  sameProjectName,
  stageId,
  ValidationError,
  type CommandResponse,
  type CreateProjectResponse,
  type ProjectCommand,
  type ProjectState,
} from '@vis/domain';
import { handleCommand, parseInput, readStreamState, type CommandsFor, type EventStore, type KeyVault } from '@vis/infrastructure';
import type { Context } from 'koa';
import type { z } from 'zod';
import { commandMetadata, idFromCommand } from '../command-context.ts';
import { listCreatedProject } from './adopt-visitor-projects.ts';
import { commandsForProjectPatch, commandsForStagePatch, createProjectBody, projectPatchSchema, stagePatchSchema } from './patch-translation.ts';
import { projectRecoveryRoutes } from './recovery-routes.ts';
import { createNameCheck, type ProjectNamesOwnedBy } from './unique-names.ts';

interface Deps {
  eventStore: EventStore;
  clock: () => Date;
  newId: () => string;
  /** Projects' own Gemini keys (kept apart from the events): retired with a deleted project, back with a restored one. */
  projectKeys: Pick<KeyVault, 'retire' | 'reinstate' | 'keyIdOf'>;
  /** The owner's project names, to keep them unique (unique-names.ts); absent: not checked. */
  projectNamesOwnedBy?: ProjectNamesOwnedBy;
}

type CommandType = Exclude<ProjectCommand['type'], 'CreateProject'>;

/**
 * One endpoint per thing a user does (the web app's calls). The body is the command's payload; values in the
 * path (project id, stage, index) are taken from the path.
 */
const TASKS: { method: 'post' | 'put' | 'patch' | 'delete'; path: string; type: CommandType }[] = [
  { method: 'put', path: '/api/projects/:projectId/name', type: 'RenameProject' },
  { method: 'put', path: '/api/projects/:projectId/core-idea', type: 'SetCoreIdea' },
  { method: 'post', path: '/api/projects/:projectId/parameters', type: 'AddParameter' },
  { method: 'post', path: '/api/projects/:projectId/parameters/remove', type: 'RemoveParameter' },
  { method: 'post', path: '/api/projects/:projectId/parameters/clear', type: 'ClearParameters' },
  { method: 'patch', path: '/api/projects/:projectId/stages/:stage/notes', type: 'UpdateStageNotes' },
  { method: 'post', path: '/api/projects/:projectId/audience-segments', type: 'AddAudienceSegment' },
  { method: 'delete', path: '/api/projects/:projectId/audience-segments/:index', type: 'RemoveAudienceSegment' },
  { method: 'post', path: '/api/projects/:projectId/concepts', type: 'ProposeConcepts' },
  { method: 'put', path: '/api/projects/:projectId/selected-concept', type: 'SelectConcept' },
  { method: 'put', path: '/api/projects/:projectId/concepts/:index', type: 'UpdateConcept' },
  { method: 'delete', path: '/api/projects/:projectId/concepts/:index', type: 'RemoveConcept' },
  { method: 'post', path: '/api/projects/:projectId/proposals/resolve', type: 'ResolveDraftProposal' },
  { method: 'post', path: '/api/projects/:projectId/advance', type: 'AdvanceStage' },
  { method: 'put', path: '/api/projects/:projectId/current-stage', type: 'SetCurrentStage' },
  { method: 'post', path: '/api/projects/:projectId/stages/:stage/reset', type: 'ResetStage' },
  { method: 'post', path: '/api/projects/:projectId/reset', type: 'ResetProject' },
  { method: 'post', path: '/api/projects/:projectId/import', type: 'ImportProject' },
  { method: 'put', path: '/api/projects/:projectId/technical-report', type: 'RecordTechnicalReport' },
  { method: 'put', path: '/api/projects/:projectId/final-prompt', type: 'RecordFinalPrompt' },
  { method: 'post', path: '/api/projects/:projectId/audit/remove-parameter', type: 'RemoveAuditedParameter' },
  { method: 'post', path: '/api/projects/:projectId/stage-results', type: 'ApplyStageResults' },
  // The nine-step builder (/game), on builder projects only.
  { method: 'put', path: '/api/projects/:projectId/builder/core-idea', type: 'SetBuilderCoreIdea' },
  { method: 'put', path: '/api/projects/:projectId/builder/viral-mechanics', type: 'SetBuilderViralMechanics' },
  { method: 'post', path: '/api/projects/:projectId/builder/parameters', type: 'AddBuilderParameter' },
  { method: 'post', path: '/api/projects/:projectId/builder/parameters/remove', type: 'RemoveBuilderParameter' },
  { method: 'post', path: '/api/projects/:projectId/builder/parameters/clear', type: 'ClearBuilderParameters' },
  { method: 'post', path: '/api/projects/:projectId/builder/steps/:step/complete', type: 'CompleteBuilderStep' },
  { method: 'put', path: '/api/projects/:projectId/builder/current-step', type: 'GoToBuilderStep' },
  { method: 'post', path: '/api/projects/:projectId/builder/finish', type: 'FinishBuilder' },
  { method: 'post', path: '/api/projects/:projectId/builder/reopen', type: 'ReopenBuilder' },
];

const NUMERIC_PATH_PARAMS = new Set(['stage', 'index', 'step']);
const pathValues = (params: Record<string, string | undefined>) =>
  Object.fromEntries(
    Object.entries(params).map(([key, value]) => [key, NUMERIC_PATH_PARAMS.has(key) && /^\d+$/.test(value ?? '') ? Number(value) : value]),
  );

/** Generated commands go through the same schemas as typed ones: a PATCH cannot smuggle in what a task endpoint refuses. */
const validated =
  (commandsFor: CommandsFor<ProjectCommand, ProjectState>): CommandsFor<ProjectCommand, ProjectState> =>
  (state) =>
    commandsFor(state).map((command) => ({ ...command, data: parseInput(projectCommandSchemas[command.type], command.data) }) as ProjectCommand);

/** Spec clients number stages by `stageNumber`, by `id` (a number, or one of our stage ids), or by their order. */
const stageNumberOf = (stage: { id?: string | number; stageNumber?: number }, index: number) => {
  if (stage.stageNumber !== undefined) return stage.stageNumber;
  const fromId = typeof stage.id === 'string' ? (stageId.parse(stage.id)?.stageNumber ?? Number(stage.id)) : Number(stage.id ?? '');
  return Number.isInteger(fromId) && fromId > 0 ? fromId : index + 1;
};

/** What a builder project is created with; the rest of the body is the guided stages' data. */
const BUILDER_CREATE_FIELDS = new Set(['name', 'projectName', 'kind', 'createdAt', 'updatedAt']);

/** A builder project has none of the guided stages' data: sending some is a mistake worth naming. */
const refuseGuidedFields = (body: z.infer<typeof createProjectBody>) => {
  const sent = Object.entries(body.project ?? {}).filter(([field, value]) => value !== undefined && !BUILDER_CREATE_FIELDS.has(field));
  const field = sent.length > 0 ? `project.${sent[0]![0]}` : body.stages ? 'stages' : null;
  if (field) throw new ValidationError(field, `${field}: a builder project is created with a name only`);
};

const answer = (ctx: Context, result: { events: { type: string }[]; position: bigint; nextExpectedRevision: bigint }) => {
  ctx.body = {
    success: true,
    changed: result.events.length > 0,
    events: result.events.map((event) => event.type),
    position: String(result.position),
    revision: Number(result.nextExpectedRevision),
  } satisfies CommandResponse;
};

export const projectRoutes = (router: Router, deps: Deps) => {
  const names = createNameCheck(deps.projectNamesOwnedBy);
  projectRecoveryRoutes(router, { ...deps, answer, names });
  const run = (projectId: string, command: ProjectCommand | readonly ProjectCommand[] | CommandsFor<ProjectCommand, ProjectState>) =>
    handleCommand(deps.eventStore, projectDecider, projectStreamId(projectId), command);
  const deletedAtOf = async (projectId: string) => {
    const { state } = await readStreamState(deps.eventStore, projectDecider, projectStreamId(projectId));
    return state.status === 'deleted' ? state.deletedAt : null;
  };
  const nameFollowsCoreIdeaOf = async (projectId: string) => {
    const { state } = await readStreamState(deps.eventStore, projectDecider, projectStreamId(projectId));
    return state.status === 'active' && nameFollowsCoreIdea(state);
  };

  router.post('/api/projects', async (ctx) => {
    const body = parseInput(createProjectBody, ctx.request.body);
    if (body.project?.aiApiKey)
      throw new ValidationError('project.aiApiKey', 'project.aiApiKey: a Gemini key is kept apart from the project and cannot be set here');
    const metadata = commandMetadata(ctx, deps);
    const projectId = ctx.get('idempotency-key') ? idFromCommand(metadata.commandId) : deps.newId();
    const requested = body.project?.name ?? body.project?.projectName;
    const kind = body.project?.kind;
    if (kind === 'builder') refuseGuidedFields(body);
    const hasData = Boolean(body.stages?.length || body.project?.parameters || body.project?.currentStageIndex);
    // A name the person typed is refused when taken; a default one (absent, or the default sent as is: the
    // builder's new game), or one that came with the data (an imported copy of a project they still have),
    // becomes the first free 'name 2', 'name 3', ….
    const fallback = kind === 'builder' ? DEFAULT_BUILDER_PROJECT_NAME : DEFAULT_PROJECT_NAME;
    const typed = requested?.trim() && !hasData && !sameProjectName(requested, fallback) ? requested : null;
    if (typed) await names.requireFree(metadata.actorId, typed, projectId);
    const name = typed ?? (await names.freeName(metadata.actorId, requested?.trim() || fallback, projectId));
    const commands: ProjectCommand[] = [
      { type: 'CreateProject', data: { projectId, name, coreIdea: body.project?.coreIdea, ...(kind ? { kind } : {}) }, metadata },
    ];
    // A client that sends what it has already (parameters, stages, where it is) starts from there, in the same write.
    if (hasData) {
      commands.push({
        type: 'ImportProject',
        data: {
          projectId,
          projectName: name,
          coreIdea: body.project?.coreIdea ?? '',
          parameters: body.project?.parameters,
          currentStageIndex: body.project?.currentStageIndex,
          stages: (body.stages ?? []).map((stage, index) => ({ stageNumber: stageNumberOf(stage, index), data: stage.data ?? {} })),
        },
        metadata,
      });
    }
    const result = await listCreatedProject(deps.eventStore, await run(projectId, commands), metadata);
    ctx.status = result.repeated ? 200 : 201;
    ctx.body = { success: true, project: { id: projectId }, position: String(result.position) } satisfies CreateProjectResponse;
  });

  /**
   * Settings' Import Project: the export file becomes a NEW project (created and filled in one write); the current
   * project is left as it was. Replacing one instead is POST /api/projects/{id}/import, a second, confirmed choice.
   */
  router.post('/api/projects/import', async (ctx) => {
    const metadata = commandMetadata(ctx, deps);
    const projectId = ctx.get('idempotency-key') ? idFromCommand(metadata.commandId) : deps.newId();
    const file = parseInput(projectCommandSchemas.ImportProject, { ...((ctx.request.body as object | undefined) ?? {}), projectId });
    const named = typeof file.projectName === 'string' && file.projectName.trim() ? file.projectName : DEFAULT_PROJECT_NAME;
    const name = await names.freeName(metadata.actorId, named, projectId);
    const created = await run(projectId, [
      { type: 'CreateProject', data: { projectId, name }, metadata },
      { type: 'ImportProject', data: { ...file, projectName: name }, metadata },
    ]);
    const result = await listCreatedProject(deps.eventStore, created, metadata);
    ctx.status = result.repeated ? 200 : 201;
    ctx.body = { success: true, project: { id: projectId }, position: String(result.position) } satisfies CreateProjectResponse;
  });

  router.patch('/api/projects/:projectId', async (ctx) => {
    const projectId = ctx.params.projectId!;
    const patch = parseInput(projectPatchSchema, ctx.request.body);
    const metadata = commandMetadata(ctx, deps);
    if (patch.name !== undefined) await names.requireFree(metadata.actorId, patch.name, projectId);
    answer(ctx, await run(projectId, validated(commandsForProjectPatch(projectId, patch, metadata))));
  });

  router.patch('/api/stages/:stageId', async (ctx) => {
    const stage = stageId.parse(ctx.params.stageId!);
    if (!stage) throw new ValidationError('id', `id: ${stageId.FORMAT_HINT}`);
    const { projectId, stageNumber } = stage;
    const patch = parseInput(stagePatchSchema, ctx.request.body);
    answer(ctx, await run(projectId, validated(commandsForStagePatch(projectId, stageNumber, patch, commandMetadata(ctx, deps)))));
  });

  /**
   * A deleted project's Gemini key stays sealed in the vault while the project is in the trash, so a restore brings
   * it back (issue 26), and is swept once the restore window is over. Only after the delete was accepted: the
   * decider is what checks the caller owns the project, so a stranger's request never reaches the vault. A crash
   * between the two leaves the key kept without an end (unreachable: no command opens a deleted project); a
   * repeated delete sets it then.
   */
  router.delete('/api/projects/:projectId', async (ctx) => {
    const projectId = ctx.params.projectId!;
    const data = parseInput(projectCommandSchemas.DeleteProject, { projectId });
    const result = await run(projectId, { type: 'DeleteProject', data, metadata: commandMetadata(ctx, deps) });
    const deleted = result.events.find((event) => event.type === 'ProjectDeleted');
    const deletedAt = deleted?.type === 'ProjectDeleted' ? deleted.data.deletedAt : await deletedAtOf(projectId);
    if (deletedAt) await deps.projectKeys.retire(projectId, restorableUntil(deletedAt));
    answer(ctx, result);
  });

  for (const task of TASKS) {
    router[task.method](task.path, async (ctx) => {
      const { projectId, ...fromPath } = pathValues(ctx.params) as { projectId: string } & Record<string, unknown>;
      const data = parseInput(projectCommandSchemas[task.type], { ...((ctx.request.body as object | undefined) ?? {}), ...fromPath, projectId });
      const metadata = commandMetadata(ctx, deps);
      if (task.type === 'RenameProject' && 'name' in data) await names.requireFree(metadata.actorId, data.name, projectId);
      // A core idea names a project still under the product's name (the domain's naming.ts), unique among the
      // owner's projects; the list is read only for such a project, not on every save of a named one's idea.
      if ((task.type === 'SetCoreIdea' || task.type === 'SetBuilderCoreIdea') && (await nameFollowsCoreIdeaOf(projectId))) {
        Object.assign(data, { takenNames: await names.otherNames(metadata.actorId, projectId) });
      }
      // Reset goes back to the default name, the first free one: another project may be a 'New Viral Idea' already.
      if (task.type === 'ResetProject') Object.assign(data, { name: await names.freeName(metadata.actorId, DEFAULT_PROJECT_NAME, projectId) });
      // An import's name came with the file (often a copy of a project the person still has): it becomes the
      // first free 'name 2', as an import into a new project does, rather than refusing the file.
      if (task.type === 'ImportProject' && 'projectName' in data && typeof data.projectName === 'string' && data.projectName.trim()) {
        data.projectName = await names.freeName(metadata.actorId, data.projectName, projectId);
      }
      const result = await run(projectId, { type: task.type, data, metadata } as ProjectCommand);
      answer(ctx, result);
    });
  }
};
