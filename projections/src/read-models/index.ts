import type { Projection } from '../engine/define-projection.ts';
import { aiCallsProjection } from './ai-calls/projection.ts';
import { balancesProjection } from './balances/projection.ts';
import { feedbackProjection } from './feedback/projection.ts';
import { marketplaceListingsProjection } from './marketplace-listings/projection.ts';
import { projectHistoryProjection } from './project-history/projection.ts';
import { projectSummariesProjection } from './project-summaries/projection.ts';
import { projectsProjection } from './projects/projection.ts';
import { spendingProjection } from './spending/projection.ts';
import { stageFunnelProjection } from './stage-funnel/projection.ts';

export { aiCallsProjection, AI_CALL_OUTCOMES, type AiCallProvider, type AiCallsDocument, type OutcomeCounts } from './ai-calls/projection.ts';
export { balancesProjection, emptyBalance, type BalanceDocument } from './balances/projection.ts';
export { feedbackProjection, type FeedbackDocument } from './feedback/projection.ts';
export { marketplaceListingsProjection, type MarketplaceListingDocument } from './marketplace-listings/projection.ts';
export {
  HISTORY_KEYED_BY_PROJECT_SINCE,
  historyDocumentOf,
  historyPageRange,
  projectHistoryProjection,
  toHistoryEntry,
  type HistoryEvent,
  type ProjectHistoryDocument,
} from './project-history/projection.ts';
export { projectSummariesProjection, type ProjectSummaryDocument } from './project-summaries/projection.ts';
export { projectsProjection, type ProjectDocument } from './projects/projection.ts';
export { toBuilderView, toProjectResponse } from './projects/response.ts';
export { spendingProjection, type CouponUse, type SpendingDocument } from './spending/projection.ts';
export { stageFunnelProjection, type StageFunnelDocument } from './stage-funnel/projection.ts';

export const allProjections: readonly Projection[] = [
  projectsProjection,
  projectSummariesProjection,
  stageFunnelProjection,
  feedbackProjection,
  balancesProjection,
  marketplaceListingsProjection,
  projectHistoryProjection,
  aiCallsProjection,
  spendingProjection,
];

const handledByName = new Map(allProjections.map((projection) => [projection.name, new Set<string>(projection.handles)]));
/** The event types the read model of that name is built from: what a wait for it may pass over (progress.ts, `ignoredEvents`). */
export const eventTypesHandledBy = (name: string): ReadonlySet<string> | undefined => handledByName.get(name);
