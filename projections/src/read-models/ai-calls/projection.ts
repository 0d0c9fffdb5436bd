import { AI_PROVIDERS, readModels, topics, type AiProviderName, type DomainEventOf } from '@vis/domain';
import type { ReadModelMeta } from '@vis/infrastructure';
import { defineProjection, type ReadModel } from '../../engine/define-projection.ts';
import { hourOf, hourOfId } from '../hourly.ts';

/**
 * For operators: AI calls per UTC hour, by provider and outcome, as the events tell them.
 * - succeeded: an answer recorded on a project (`Ai…Generated`, which names the provider). An answer given
 *   without a project (nothing recorded) is not here; its charge is in `spending`.
 * - failed: a refunded request (`AiRequestRefunded`): the gateway refunds exactly the calls that failed or came
 *   back unusable, and its reason reads `<provider>: <why>`. A reason naming no known provider counts as 'unknown'.
 */
export const AI_CALL_OUTCOMES = ['succeeded', 'failed'] as const;
export type AiCallOutcome = (typeof AI_CALL_OUTCOMES)[number];
export type AiCallProvider = AiProviderName | 'unknown';
export type OutcomeCounts = Record<AiCallOutcome, number>;

export type AiCallsDocument = ReadModelMeta & {
  /** The hour: `YYYY-MM-DDTHH` (UTC). */
  _id: string;
  /** The hour's start, ISO. */
  hour: string;
  calls: Partial<Record<AiCallProvider, OutcomeCounts>>;
  /** Failed calls by the provider's reason (`timeout`, `empty`, …). */
  failures: Partial<Record<string, number>>;
};

const HANDLED = ['AiSuggestionsGenerated', 'AiPromptGenerated', 'AiReportGenerated', 'AiResultsGenerated', 'AiRequestRefunded'] as const;
type Handled = DomainEventOf<(typeof HANDLED)[number]>;

const momentOf = (event: Handled) => (event.type === 'AiRequestRefunded' ? event.data.refundedAt : event.data.generatedAt);

const REFUND_REASON = /^([a-z]+): (.+)$/;
/** Which provider failed and why, from a refund's reason. */
export const failureOf = (reason: string): { provider: AiCallProvider; why: string } => {
  const match = REFUND_REASON.exec(reason);
  const provider = match && (AI_PROVIDERS as readonly string[]).includes(match[1]!) ? (match[1] as AiProviderName) : 'unknown';
  const why = match?.[2] ?? '';
  // Reasons are the gateway's own words (`timeout`, `empty`); anything else is a key no store should be given.
  return { provider, why: /^[a-z_]{1,40}$/.test(why) ? why : 'other' };
};

const counted = (doc: ReadModel<AiCallsDocument>, provider: AiCallProvider, outcome: AiCallOutcome): ReadModel<AiCallsDocument> => {
  const counts = doc.calls[provider] ?? { succeeded: 0, failed: 0 };
  return { ...doc, calls: { ...doc.calls, [provider]: { ...counts, [outcome]: counts[outcome] + 1 } } };
};

export const aiCallsProjection = defineProjection<Handled, AiCallsDocument>({
  name: readModels.aiCalls,
  version: 1,
  handles: HANDLED,
  documentId: (event) => hourOf(momentOf(event))?.id ?? null,
  topics: () => [topics.aiCalls],
  indexes: [{ key: { hour: 1 } }],
  evolve: (doc, event) => {
    const id = hourOf(momentOf(event))!.id;
    const current = doc ?? { _id: id, hour: hourOfId(id), calls: {}, failures: {} };
    if (event.type !== 'AiRequestRefunded') return counted(current, event.data.ai.provider, 'succeeded');
    const { provider, why } = failureOf(event.data.reason);
    return { ...counted(current, provider, 'failed'), failures: { ...current.failures, [why]: (current.failures[why] ?? 0) + 1 } };
  },
});
