/**
 * Upgrades of stored project events to their newest shape. Stored history is never rewritten: the event
 * store applies these on read, so a projection rebuilt today folds events written by any earlier release.
 */
export interface EventUpcaster {
  eventType: string;
  /** Upgrades data written at this schema version to the next one. */
  fromVersion: number;
  upcast: (data: unknown) => unknown;
}

/**
 * ParameterAdded v1 was written before stage lists existed: `{ projectId, parameter, addedAt }` always meant
 * the project's global list. v2 names the list and calls the text `value`.
 */
const parameterAddedV1ToV2: EventUpcaster = {
  eventType: 'ParameterAdded',
  fromVersion: 1,
  upcast: (data) => {
    const { parameter, ...rest } = data as { projectId: string; parameter: string; addedAt: string };
    return { ...rest, list: 'parameters', value: parameter };
  },
};

export const projectUpcasters: readonly EventUpcaster[] = [parameterAddedV1ToV2];
