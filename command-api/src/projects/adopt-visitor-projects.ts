import {
  accountDecider,
  accountStreamId,
  ideaDecider,
  ideaStreamId,
  projectDecider,
  projectStreamId,
  readModels,
  visitorProjectsDecider,
  visitorProjectsStreamId,
  type CommandMetadata,
  type ProjectCreated,
} from '@vis/domain';
import {
  handleCommand,
  readStreamState,
  type CommandResult,
  type DocumentStore,
  type EventStore,
  type Logger,
  type ProjectionProgress,
} from '@vis/infrastructure';

/** Which projects or ideas an owner has, as a read model lists them. */
export type ProjectsOwnedBy = (ownerId: string) => Promise<string[]>;

const MAX_ADOPTED_PROJECTS = 1000;
/**
 * A visitor's list is written by each of its creates and by the sign-in, from any replica at once: a burst of
 * creates racing a sign-in conflicts more than one stream usually does, and a sign-in must not fail on it. The
 * backoff doubles, so 8 retries wait about 2.5 s at worst.
 */
const LIST_CONFLICT_RETRIES = { maxRetries: 8 };

/**
 * The visitor's projects as the project list shows them, for projects created before each visitor's projects
 * were listed in the log (visitor-projects.ts in the domain): the log's list is what sign-in goes by, and this
 * only adds what that list cannot know about. It does not wait for the list to catch up: anything recent is in
 * the log's list already, and a lagging or stopped projection must not hold up a sign-in.
 */
export const projectsOwnedByFrom =
  (documentStore: DocumentStore, progress: ProjectionProgress): ProjectsOwnedBy =>
  async (ownerId) =>
    (
      await documentStore.find<{ _id: string }>(
        progress.collectionFor(readModels.projectSummaries),
        // A project in the trash stays the visitor's: its move would be refused (only an active project moves).
        { ownerId, deletedAt: { $exists: false } },
        { limit: MAX_ADOPTED_PROJECTS },
      )
    ).map((doc) => doc._id);

/** As long as a read waits for its writes (the query API's default): a lagging listing answers late, not wrong. */
const LISTINGS_CATCH_UP_MS = 2000;

/**
 * Which marketplace ideas an owner published: the listings read model answers it, once it has applied everything
 * written before the sign-in (the log's head), so an idea published a moment before moves too. Ideas have no list
 * in the log as projects do, so this wait is what keeps them.
 */
export const ideasOwnedByFrom =
  (documentStore: DocumentStore, progress: ProjectionProgress, eventStore: Pick<EventStore, 'headPosition'>): ProjectsOwnedBy =>
  async (ownerId) => {
    await progress.waitFor(readModels.marketplaceListings, Number(await eventStore.headPosition()), LISTINGS_CATCH_UP_MS);
    return (
      await documentStore.find<{ _id: string }>(
        progress.collectionFor(readModels.marketplaceListings),
        { ownerId, status: 'published' },
        { limit: MAX_ADOPTED_PROJECTS },
      )
    ).map((doc) => doc._id);
  };

/** Moves one of a visitor's projects to a user, decided on the project's own stream (a stranger's is refused). */
const moveProject = (eventStore: EventStore, projectId: string, visitorAccount: string, userAccount: string, metadata: CommandMetadata) =>
  handleCommand(eventStore, projectDecider, projectStreamId(projectId), {
    type: 'TransferProject',
    data: { projectId, fromOwnerId: visitorAccount },
    metadata: { ...metadata, actorId: userAccount },
  });

/**
 * The second half of a visitor's create: the new project goes on the visitor's list in the log, after the project
 * exists. A list a sign-in has closed takes nothing more, and the project goes to that user here: the sign-in read
 * the list before this project was on it. Either way it moves exactly once (the domain's visitor-projects.ts). A
 * retried create comes here again and finishes what a failure between the two writes left undone.
 */
export const listCreatedProject = async (eventStore: EventStore, created: CommandResult, metadata: CommandMetadata): Promise<CommandResult> => {
  const event = created.events.find((each): each is ProjectCreated => each.type === 'ProjectCreated');
  if (!event || !event.data.ownerId.startsWith('visitor-')) return created;
  const { projectId, ownerId } = event.data;
  const listId = visitorProjectsStreamId(ownerId);
  const listed = await handleCommand(
    eventStore,
    visitorProjectsDecider,
    listId,
    {
      type: 'RecordVisitorProject',
      data: { visitorId: ownerId, projectId },
      metadata: { ...metadata, actorId: ownerId, commandId: `list-project:${projectId}` },
    },
    LIST_CONFLICT_RETRIES,
  );
  // The answer's position covers every write of the create, so that a read waiting for it sees them all.
  const through = (later: bigint): CommandResult => ({ ...created, position: later > created.position ? later : created.position });
  if (listed.events.length > 0) return through(listed.position);
  const { state } = await readStreamState(eventStore, visitorProjectsDecider, listId);
  if (state.adoptedBy === null || state.projectIds.includes(projectId)) return created;
  return through(
    (await moveProject(eventStore, projectId, ownerId, state.adoptedBy, { ...metadata, commandId: `adopt-late:${projectId}` })).position,
  );
};

/**
 * A visitor who signs in keeps the ideas they started: each of the visitor's projects moves to the user, and so
 * does each idea the visitor published to the marketplace. The projects are found in the log: the sign-in closes
 * the visitor's list of projects (so that a project created from here on goes to the user from its create) and
 * moves every project on it. Each move is decided on the project's own stream, which refuses a project the
 * visitor does not own. One project that cannot move does not stop the sign-in or the others.
 */
export const createVisitorProjectAdoption =
  ({
    eventStore,
    olderProjectsOwnedBy,
    ideasOwnedBy,
    logger,
  }: {
    eventStore: EventStore;
    /** Projects created before the log listed each visitor's projects (the project list read model). */
    olderProjectsOwnedBy?: ProjectsOwnedBy;
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
    const listId = visitorProjectsStreamId(visitorAccount);
    await handleCommand(
      eventStore,
      visitorProjectsDecider,
      listId,
      {
        type: 'AdoptVisitorProjects',
        data: { visitorId: visitorAccount },
        metadata: { ...metadata, actorId: userAccount, commandId: `${metadata.commandId}:adopt-projects` },
      },
      LIST_CONFLICT_RETRIES,
    );
    // Read after the close: nothing joins the list from here on, so it is complete.
    const { state } = await readStreamState(eventStore, visitorProjectsDecider, listId);
    // Another person signing in later in this browser takes nothing: the first sign-in took the visitor's projects.
    if (state.adoptedBy !== userAccount) return 0;
    const older = olderProjectsOwnedBy ? await olderProjectsOwnedBy(visitorAccount) : [];
    let moved = 0;
    for (const projectId of new Set([...state.projectIds, ...older])) {
      try {
        const result = await moveProject(eventStore, projectId, visitorAccount, userAccount, {
          ...metadata,
          commandId: `${metadata.commandId}:adopt:${projectId}`,
        });
        moved += result.events.length;
      } catch (error) {
        logger.warn({ projectId, err: error }, "a visitor's project could not move to the signed-in user");
      }
    }
    return moved;
  };

export type AdoptVisitorProjects = ReturnType<typeof createVisitorProjectAdoption>;
