import type { DocumentStore, ProjectionProgress } from '@vis/infrastructure';

/** A topic is heard only by whoever may read what it names: a project's changes by its owner. */
export const createTopicAuthorizer =
  ({ documentStore, progress }: { documentStore: DocumentStore; progress: ProjectionProgress }) =>
  async (actor: string, topic: string): Promise<boolean> => {
    const [kind, id] = topic.split(/:(.*)/s);
    if (kind === 'project' && id) {
      const project = await documentStore.findOne(progress.collectionFor('projects'), { _id: id });
      return project?.ownerId === actor;
    }
    return false;
  };
