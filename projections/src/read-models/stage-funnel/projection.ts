import { readModels, topics, type DomainEventOf } from '@vis/domain';
import type { ReadModelMeta } from '@vis/infrastructure';
import { defineProjection } from '../../engine/define-projection.ts';

/**
 * For analysts: how far each project got and where its owner chose 'Continue Anyway' over an incomplete stage.
 * One small document per project; the funnel endpoint counts them, so a project that goes back and advances
 * again is counted once per stage.
 */
export type StageFunnelDocument = ReadModelMeta & {
  _id: string;
  /** The furthest stage the project has been on. */
  reachedStage: number;
  /** Stages left with skipped validation (each once). */
  skippedFrom: number[];
  skippedAdvances: number;
};

const HANDLED = ['ProjectCreated', 'StageAdvanced', 'CurrentStageChanged', 'ProjectImported', 'ProjectVersionRestored'] as const;
type Handled = DomainEventOf<(typeof HANDLED)[number]>;

export const stageFunnelProjection = defineProjection<Handled, StageFunnelDocument>({
  name: readModels.stageFunnel,
  version: 1,
  // The funnel counts projects per stage reached and per stage left without validation.
  indexes: [{ key: { reachedStage: 1 } }, { key: { skippedFrom: 1 } }],
  handles: HANDLED,
  documentId: (event) => event.data.projectId,
  topics: () => [topics.stageFunnel],
  evolve: (doc, event) => {
    const current = doc ?? { _id: event.data.projectId, reachedStage: 1, skippedFrom: [], skippedAdvances: 0 };
    const reaching = (stage: number) => ({ ...current, reachedStage: Math.max(current.reachedStage, stage) });
    switch (event.type) {
      case 'ProjectCreated':
        // The funnel is the guided stages'; a builder project never stands on one.
        return event.data.kind === 'builder' ? null : current;
      case 'StageAdvanced': {
        const reached = reaching(event.data.toStage);
        if (!event.data.skippedValidation) return reached;
        return {
          ...reached,
          skippedFrom: reached.skippedFrom.includes(event.data.fromStage)
            ? reached.skippedFrom
            : [...reached.skippedFrom, event.data.fromStage].sort(),
          skippedAdvances: reached.skippedAdvances + 1,
        };
      }
      case 'CurrentStageChanged':
        return reaching(event.data.stage);
      case 'ProjectImported':
        return reaching(event.data.snapshot.currentStageIndex);
      case 'ProjectVersionRestored':
        return reaching(event.data.content.currentStageIndex);
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
  },
});
