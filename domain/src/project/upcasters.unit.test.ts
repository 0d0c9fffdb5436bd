import { describe, expect, it } from 'vitest';
import { parameterAddedSchema } from './events.ts';
import { projectUpcasters } from './upcasters.ts';

describe('ParameterAdded v1 → v2', () => {
  const upcaster = projectUpcasters.find((u) => u.eventType === 'ParameterAdded' && u.fromVersion === 1)!;

  it('moves a v1 parameter into the global list under the v2 field names', () => {
    const v1 = { projectId: 'p-1', parameter: 'scarcity', addedAt: '2026-01-01T00:00:00.000Z' };
    const v2 = upcaster.upcast(v1);
    expect(v2).toEqual({ projectId: 'p-1', list: 'parameters', value: 'scarcity', addedAt: '2026-01-01T00:00:00.000Z' });
    expect(parameterAddedSchema.parse(v2)).toEqual(v2);
  });
});
