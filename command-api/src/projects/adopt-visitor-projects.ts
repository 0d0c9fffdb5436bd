import { projectDecider, projectStreamId, readModels, type CommandMetadata } from '@vis/domain';
import { handleCommand, type DocumentStore, type EventStore, type Logger, type ProjectionProgress } from '@vis/infrastructure';

/** Which projects an owner has: the project list read model answers it (the log has no index by owner). */
export type ProjectsOwnedBy = (ownerId: string) => Promise<string[]>;

const MAX_ADOPTED_PROJECTS = 1000;

export const projectsOwnedByFrom =
  (documentStore: DocumentStore, progress: ProjectionProgress): ProjectsOwnedBy =>
  async (ownerId) =>
    (
      await documentStore.find<{ _id: string }>(progress.collectionFor(readModels.projectSummaries), { ownerId }, { limit: MAX_ADOPTED_PROJECTS })
    ).map((doc) => doc._id);

/**
 * A visitor who signs in keeps the ideas they started: each of the visitor's projects moves to the user. The
 * read model only says where to look; each move is decided on the project's own stream, which refuses a project
 * the visitor does not own. One project that cannot move does not stop the sign-in or the others.
 */
export const createVisitorProjectAdoption =
  ({ eventStore, projectsOwnedBy, logger }: { eventStore: EventStore; projectsOwnedBy: ProjectsOwnedBy; logger: Logger }) =>
  async (visitorAccount: string, userAccount: string, metadata: CommandMetadata): Promise<number> => {
    let moved = 0;
    for (const projectId of await projectsOwnedBy(visitorAccount)) {
      try {
        const result = await handleCommand(eventStore, projectDecider, projectStreamId(projectId), {
          type: 'TransferProject',
          data: { projectId, fromOwnerId: visitorAccount },
          metadata: { ...metadata, actorId: userAccount, commandId: `${metadata.commandId}:adopt:${projectId}` },
        });
        moved += result.events.length;
      } catch (error) {
        logger.warn({ projectId, err: error }, "a visitor's project could not move to the signed-in user");
      }
    }
    return moved;
  };

export type AdoptVisitorProjects = ReturnType<typeof createVisitorProjectAdoption>;
