import { OPERATOR_TOPICS, readModels, topics } from '@vis/domain';
import { NOBODY, type DocumentStore, type ProjectionProgress } from '@vis/infrastructure';

/** What only operators and analysts hear about, as only they read it. */
const operatorTopics = new Set(OPERATOR_TOPICS);

export interface TopicAuthorizerDeps {
  documentStore: DocumentStore;
  progress: ProjectionProgress;
  /** How long a subscription waits for the read model to reach the client's `minPosition` (READ_YOUR_WRITES_TIMEOUT_MS). */
  readYourWritesTimeoutMs: number;
}

/**
 * A topic is heard only by whoever may read what it names. `minPosition` is read-your-writes for subscriptions,
 * as `X-Min-Position` is for reads: a tab that has just created a project subscribes to it before the projection
 * may have written it, and without waiting that subscription would be refused for a project it owns.
 */
export const createTopicAuthorizer =
  ({ documentStore, progress, readYourWritesTimeoutMs }: TopicAuthorizerDeps) =>
  async ({ actor, operator }: { actor: string; operator: boolean }, topic: string, minPosition = 0): Promise<string | null> => {
    if (operatorTopics.has(topic)) return operator ? topic : null;
    if (topic === topics.myProjects) return actor === NOBODY ? null : topics.projectsOf(actor);
    if (topic === topics.myBalance) return actor === NOBODY ? null : topics.balanceOf(actor);
    if (topic === topics.balanceOf(actor)) return actor === NOBODY ? null : topic;
    const scoped = topics.parse(topic);
    // The marketplace is public: anyone may read it, so anyone may hear it change.
    if (topic === topics.marketplace || scoped?.kind === 'idea') return topic;
    // A project's history is heard by whoever may read the project.
    if (scoped?.kind === 'project' || scoped?.kind === 'history') {
      if (minPosition > 0) await progress.waitFor(readModels.projects, minPosition, readYourWritesTimeoutMs);
      const project = await documentStore.findOne(progress.collectionFor(readModels.projects), { _id: scoped.id });
      return project && project.ownerId === actor ? topic : null;
    }
    return null;
  };
