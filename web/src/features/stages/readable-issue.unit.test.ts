import { describe, expect, it } from 'vitest';
import { readableIssue } from './readable-issue.ts';

describe('a stage problem as people read it', () => {
  it.each([
    ['viralParameters: Add at least one viral trigger', 'Common Viral Triggers: Add at least one viral trigger'],
    ['rewardSourceParameters: Add at least one reward source', 'Reward Source: Add at least one reward source'],
    ['audienceSegments.0.name: Name is required', 'Audience segment 1: Name is required'],
    ['coreIdea: Please enter a core idea to get started.', 'Core idea: Please enter a core idea to get started.'],
    ['someInternalField: Must be set', 'Must be set'],
    ['A problem with the whole stage', 'A problem with the whole stage'],
  ])('%s → %s', (issue, readable) => expect(readableIssue(issue)).toBe(readable));
});
