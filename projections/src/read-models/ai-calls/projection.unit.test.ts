import type { DomainEventOf } from '@vis/domain';
import { describe, expect, it } from 'vitest';
import { foldPure } from '../../testing/fold-pure.ts';
import { aiCallsProjection, failureOf } from './projection.ts';

type Event = DomainEventOf<'AiSuggestionsGenerated' | 'AiPromptGenerated' | 'AiReportGenerated' | 'AiResultsGenerated' | 'AiRequestRefunded'>;

const ai = (provider: 'gemini' | 'offline') => ({ provider, model: 'm', promptVersion: 'parameters@1', ownKey: false });
const suggested = (provider: 'gemini' | 'offline', generatedAt: string) =>
  ({
    type: 'AiSuggestionsGenerated',
    data: { projectId: 'p1', requestId: 'r', asked: {}, ai: ai(provider), generatedAt, use: 'parameters', list: null, kind: 'k', suggestions: ['a'] },
  }) as Event;
const prompted = (generatedAt: string) =>
  ({
    type: 'AiPromptGenerated',
    data: {
      projectId: 'p1',
      requestId: 'r',
      asked: {},
      ai: ai('gemini'),
      generatedAt,
      use: 'finalPrompt',
      prompts: ['x'],
      incompatibleParameters: [],
    },
  }) as Event;
const refunded = (reason: string, refundedAt: string) =>
  ({
    type: 'AiRequestRefunded',
    data: { accountId: 'user-1', requestId: 'r', method: 'point', reason, pointsBalance: 1, freePlaysLeft: 0, usageCount: 0, refundedAt },
  }) as Event;

describe('the ai_calls read model', () => {
  it('counts answers recorded on projects as succeeded and refunds as failed, per UTC hour and provider', () => {
    const docs = foldPure(aiCallsProjection, [
      suggested('offline', '2026-11-23T10:05:00.000Z'),
      suggested('offline', '2026-11-23T10:59:59.999Z'),
      prompted('2026-11-23T10:30:00.000Z'),
      refunded('gemini: timeout', '2026-11-23T10:31:00.000Z'),
      suggested('gemini', '2026-11-23T11:00:00.000Z'),
      // Another offset is the same instant: 13:15+02:00 is 11:15 UTC.
      refunded('offline: empty', '2026-11-23T13:15:00.000+02:00'),
    ]);
    expect(Object.fromEntries(docs)).toEqual({
      '2026-11-23T10': {
        _id: '2026-11-23T10',
        hour: '2026-11-23T10:00:00.000Z',
        calls: { offline: { succeeded: 2, failed: 0 }, gemini: { succeeded: 1, failed: 1 } },
        failures: { timeout: 1 },
      },
      '2026-11-23T11': {
        _id: '2026-11-23T11',
        hour: '2026-11-23T11:00:00.000Z',
        calls: { gemini: { succeeded: 1, failed: 0 }, offline: { succeeded: 0, failed: 1 } },
        failures: { empty: 1 },
      },
    });
  });

  it('reads the provider and the reason from a refund, and never keeps a reason it does not know as a key', () => {
    expect(failureOf('gemini: rate_limited')).toEqual({ provider: 'gemini', why: 'rate_limited' });
    expect(failureOf('offline: error')).toEqual({ provider: 'offline', why: 'error' });
    expect(failureOf('openai: timeout')).toEqual({ provider: 'unknown', why: 'timeout' });
    expect(failureOf('refunded by hand')).toEqual({ provider: 'unknown', why: 'other' });
    expect(failureOf('gemini: $where.x')).toEqual({ provider: 'gemini', why: 'other' });
  });

  it('skips an event whose moment is not a date rather than inventing an hour for it', () => {
    expect(foldPure(aiCallsProjection, [suggested('offline', 'yesterday')]).size).toBe(0);
  });
});
