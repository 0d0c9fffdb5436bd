import { duplicateNameMessage, freeProjectName, readModels, sameProjectName, ValidationError } from '@vis/domain';
import type { DocumentStore, EventStore, ProjectionProgress } from '@vis/infrastructure';

/** The names of an owner's projects (not those in the trash), by id. */
export type ProjectNamesOwnedBy = (ownerId: string) => Promise<{ id: string; name: string }[]>;

const MAX_NAMES_READ = 1000;
/** As long as a read waits for its writes (the query API's default): a slow projection answers late, not wrong. */
const CATCH_UP_TIMEOUT_MS = 2000;

/**
 * The list is read once it has applied everything written before the check (the log's head), so the project
 * the same person created or renamed a moment ago is in it.
 */
export const projectNamesOwnedByFrom =
  (documentStore: DocumentStore, progress: ProjectionProgress, eventStore: Pick<EventStore, 'headPosition'>): ProjectNamesOwnedBy =>
  async (ownerId) => {
    await progress.waitFor(readModels.projectSummaries, Number(await eventStore.headPosition()), CATCH_UP_TIMEOUT_MS);
    return (
      await documentStore.find<{ _id: string; name: string }>(
        progress.collectionFor(readModels.projectSummaries),
        { ownerId, deletedAt: { $exists: false } },
        { limit: MAX_NAMES_READ },
      )
    ).map((doc) => ({ id: doc._id, name: doc.name }));
  };

export interface NameCheck {
  /** Refuses (400, field `name`) a name another of the owner's projects has. */
  requireFree: (ownerId: string, name: string, exceptProjectId?: string) => Promise<void>;
  /** The name, or the first free 'name 2', 'name 3', … among the owner's other projects. */
  freeName: (ownerId: string, name: string, exceptProjectId?: string) => Promise<string>;
  /** The names of the owner's other projects: what a core idea's name must not repeat (the domain's naming.ts). */
  otherNames: (ownerId: string, exceptProjectId: string) => Promise<string[]>;
}

/**
 * Unique names per owner span the owner's streams, so they cannot be decided on one project's stream. Checked
 * here against the owner's project list (the `project_summaries` read model, once it has followed the log)
 * rather than reserved on the account stream: a reservation would be a second write per create, rename,
 * restore and delete, kept in step with the project's own stream, for a rule whose only race is one person
 * sending two creates of the same name at the same moment; and a duplicate that slipped through that way is
 * still renamed, never lost. Without a list (a command API run alone), names are not checked.
 */
export const createNameCheck = (namesOwnedBy?: ProjectNamesOwnedBy): NameCheck => ({
  requireFree: async (ownerId, name, exceptProjectId) => {
    if (!namesOwnedBy || name.trim() === '') return;
    const taken = (await namesOwnedBy(ownerId)).some((project) => project.id !== exceptProjectId && sameProjectName(project.name, name));
    if (taken) throw new ValidationError('name', duplicateNameMessage(name), 'Name already used');
  },
  freeName: async (ownerId, name, exceptProjectId) =>
    namesOwnedBy ? freeProjectName(name, await otherNames(namesOwnedBy, ownerId, exceptProjectId)) : name,
  otherNames: async (ownerId, exceptProjectId) => (namesOwnedBy ? otherNames(namesOwnedBy, ownerId, exceptProjectId) : []),
});

const otherNames = async (namesOwnedBy: ProjectNamesOwnedBy, ownerId: string, exceptProjectId: string | undefined) =>
  (await namesOwnedBy(ownerId)).filter((project) => project.id !== exceptProjectId).map((project) => project.name);
