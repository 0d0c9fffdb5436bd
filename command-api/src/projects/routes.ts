import type Router from '@koa/router';
import { addParameterSchema, projectDecider, projectStreamId, type ProjectCommand } from '@vis/domain';
import { handleCommand, parseInput, type EventStore } from '@vis/infrastructure';
import { z } from 'zod';
import { commandMetadata, idFromCommand } from '../command-context.ts';

interface Deps {
  eventStore: EventStore;
  clock: () => Date;
  newId: () => string;
}

const createProjectBody = z.strictObject({
  project: z
    .strictObject({
      name: z.string().max(200).optional(),
      coreIdea: z.string().max(5000).optional(),
    })
    .optional(),
});

const addParameterBody = addParameterSchema.omit({ projectId: true });

export const projectRoutes = (router: Router, deps: Deps) => {
  const run = (command: ProjectCommand, projectId: string) =>
    handleCommand(deps.eventStore, projectDecider, projectStreamId(projectId), command);

  router.post('/api/projects', async (ctx) => {
    const body = parseInput(createProjectBody, ctx.request.body);
    const metadata = commandMetadata(ctx, deps);
    const projectId = ctx.get('idempotency-key') ? idFromCommand(metadata.commandId) : deps.newId();
    const result = await run({ type: 'CreateProject', data: { projectId, ...body.project }, metadata }, projectId);
    ctx.status = result.repeated ? 200 : 201;
    ctx.body = { success: true, project: { id: projectId }, position: String(result.position) };
  });

  router.post('/api/projects/:id/parameters', async (ctx) => {
    const projectId = ctx.params.id!;
    const body = parseInput(addParameterBody, ctx.request.body);
    const metadata = commandMetadata(ctx, deps);
    const result = await run({ type: 'AddParameter', data: { projectId, ...body }, metadata }, projectId);
    ctx.body = { success: true, added: result.events.length > 0, position: String(result.position) };
  });
};
