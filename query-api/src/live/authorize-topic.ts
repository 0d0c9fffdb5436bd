import { NOBODY, type DocumentStore, type ProjectionProgress } from '@vis/infrastructure';

/** What only operators and analysts hear about, as only they read it. */
const OPERATOR_TOPICS = new Set(['feedback', 'stage_funnel']);

/** A topic is heard only by whoever may read what it names. */
export const createTopicAuthorizer =
  ({ documentStore, progress }: { documentStore: DocumentStore; progress: ProjectionProgress }) =>
  async ({ actor, operator }: { actor: string; operator: boolean }, topic: string): Promise<string | null> => {
    if (OPERATOR_TOPICS.has(topic)) return operator ? topic : null;
    if (topic === 'projects:mine') return actor === NOBODY ? null : `projects:${actor}`;
    if (topic === 'balance:mine') return actor === NOBODY ? null : `balance:${actor}`;
    if (topic === `balance:${actor}`) return actor === NOBODY ? null : topic;
    const [kind, id] = topic.split(/:(.*)/s);
    // The marketplace is public: anyone may read it, so anyone may hear it change.
    if (topic === 'marketplace' || (kind === 'idea' && id)) return topic;
    // A project's history is heard by whoever may read the project.
    if ((kind === 'project' || kind === 'history') && id) {
      const project = await documentStore.findOne(progress.collectionFor('projects'), { _id: id });
      return project && project.ownerId === actor ? topic : null;
    }
    return null;
  };
