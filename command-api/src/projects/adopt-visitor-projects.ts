import {
  accountDecider,
  accountStreamId,
  ideaDecider,
  ideaStreamId,
  projectDecider,
  projectStreamId,
  readModels,
  type CommandMetadata,
} from '@vis/domain';
import { handleCommand, readStreamState, type DocumentStore, type EventStore, type Logger, type ProjectionProgress } from '@vis/infrastructure';

/** Which projects an owner has: the project list read model answers it (the log has no index by owner). */
export type ProjectsOwnedBy = (ownerId: string) => Promise<string[]>;

const MAX_ADOPTED_PROJECTS = 1000;
/** How long a sign-in waits for the project list to apply what was written before it. */
const ADOPTION_CATCH_UP_MS = 5_000;

/**
 * Read once the list has applied everything written before the sign-in (the log's head), so that a project the
 * visitor created a moment ago, or while the list lagged or rebuilt (its serving collection keeps following the
 * log), moves with the others.
 */
export const projectsOwnedByFrom =
  (documentStore: DocumentStore, progress: ProjectionProgress, eventStore: Pick<EventStore, 'headPosition'>): ProjectsOwnedBy =>
  async (ownerId) => {
    await progress.waitFor(readModels.projectSummaries, Number(await eventStore.headPosition()), ADOPTION_CATCH_UP_MS);
    return (
      await documentStore.find<{ _id: string }>(
        progress.collectionFor(readModels.projectSummaries),
        // A project in the trash stays the visitor's: its move would be refused (only an active project moves).
        { ownerId, deletedAt: { $exists: false } },
        { limit: MAX_ADOPTED_PROJECTS },
      )
    ).map((doc) => doc._id);
  };

/** Which marketplace ideas an owner published: the listings read model answers it, as for projects. */
export const ideasOwnedByFrom =
  (documentStore: DocumentStore, progress: ProjectionProgress): ProjectsOwnedBy =>
  async (ownerId) =>
    (
      await documentStore.find<{ _id: string }>(
        progress.collectionFor(readModels.marketplaceListings),
        { ownerId, status: 'published' },
        { limit: MAX_ADOPTED_PROJECTS },
      )
    ).map((doc) => doc._id);

/**
 * A visitor who signs in keeps the ideas they started: each of the visitor's projects moves to the user, and so
 * does each idea the visitor published to the marketplace. The
 * read model only says where to look; each move is decided on the project's own stream, which refuses a project
 * the visitor does not own. One project that cannot move does not stop the sign-in or the others.
 */
export const createVisitorProjectAdoption =
  ({
    eventStore,
    projectsOwnedBy,
    ideasOwnedBy,
    logger,
  }: {
    eventStore: EventStore;
    projectsOwnedBy: ProjectsOwnedBy;
    /** The visitor's published marketplace ideas, which move too (issue 24: the user could not unpublish them). */
    ideasOwnedBy?: ProjectsOwnedBy;
    logger: Logger;
  }) =>
  async (visitorAccount: string, userAccount: string, metadata: CommandMetadata): Promise<number> => {
    // The visitor's likes become the user's: one person, one like (the visitor's account noted each).
    const { likedIdeas } = (await readStreamState(eventStore, accountDecider, accountStreamId(visitorAccount))).state;
    const { takenOverVisitors } = (await readStreamState(eventStore, accountDecider, accountStreamId(userAccount))).state;
    for (const ideaId of likedIdeas) {
      try {
        await handleCommand(eventStore, ideaDecider, ideaStreamId(ideaId), {
          type: 'MergeLiker',
          data: { ideaId, fromLikerId: visitorAccount, alsoKnownAs: [...takenOverVisitors] },
          metadata: { ...metadata, actorId: userAccount, commandId: `merge-like:${visitorAccount}:${ideaId}` },
        });
      } catch (error) {
        logger.warn({ ideaId, err: error }, "a visitor's like could not become the signed-in user's");
      }
    }
    for (const ideaId of ideasOwnedBy ? await ideasOwnedBy(visitorAccount) : []) {
      try {
        await handleCommand(eventStore, ideaDecider, ideaStreamId(ideaId), {
          type: 'TransferIdea',
          data: { ideaId, fromOwnerId: visitorAccount },
          metadata: { ...metadata, actorId: userAccount, commandId: `${metadata.commandId}:adopt-idea:${ideaId}` },
        });
      } catch (error) {
        logger.warn({ ideaId, err: error }, "a visitor's published idea could not move to the signed-in user");
      }
    }
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
