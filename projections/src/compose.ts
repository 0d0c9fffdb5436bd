import { siteFrom, tokenOnly, type Config, type DocumentStore, type EventStore, type Logger, type OperatorAccess } from '@vis/infrastructure';
import type { Projection } from './engine/define-projection.ts';
import { createProjectionEngine } from './engine/engine.ts';
import { createOpsApi } from './ops-app.ts';
import { allProjections } from './read-models/index.ts';

export interface ProjectionServiceDeps {
  config: Partial<Pick<Config, 'OPS_TOKEN' | 'PUBLIC_URL' | 'TRUST_PROXY' | 'NODE_ENV'>>;
  eventStore: EventStore;
  documentStore: DocumentStore;
  logger: Logger;
  projections?: readonly Projection[];
  /** Who may use `/api/ops/*`: by default the OPS_TOKEN's holders. */
  operators?: OperatorAccess;
  /** This process's id in the projections' leases (see ProjectionEngineDeps.ownerId). */
  ownerId?: string;
}

/**
 * The projection engine and the operators' `/api/ops/projections`, for the projection worker's own `main.ts` and
 * for the embedded server. The caller starts the engine (`engine.start()`) when the log is ready for it.
 */
export const composeProjectionService = ({
  config,
  eventStore,
  documentStore,
  logger,
  projections = allProjections,
  operators = tokenOnly(config.OPS_TOKEN),
  ownerId,
}: ProjectionServiceDeps) => {
  const engine = createProjectionEngine({ eventStore, documentStore, projections, logger, ...(ownerId === undefined ? {} : { ownerId }) });
  return {
    engine,
    app: createOpsApi({ engine, logger, operators, site: siteFrom(config) }),
    operators,
    close: () => engine.stop(),
  };
};

export type ProjectionService = ReturnType<typeof composeProjectionService>;
