/**
 * Schema versions per event type. Stored history is never rewritten: writes stamp the type's current version and
 * reads upgrade older payloads one version at a time, so a consumer only ever handles the newest shape.
 */

/** Upgrades an event of `eventType` from `fromVersion` to `fromVersion + 1`. */
export interface Upcaster {
  eventType: string;
  fromVersion: number;
  upcast: (data: unknown, metadata: Record<string, unknown>) => unknown;
}

export interface UpcastResult {
  data: unknown;
  schemaVersion: number;
}

export interface UpcasterRegistry {
  /** The version new events of this type are written with: 1 for a type without upcasters. */
  currentVersion(eventType: string): number;
  upcast(eventType: string, schemaVersion: number, data: unknown, metadata: Record<string, unknown>): UpcastResult;
}

export const INITIAL_SCHEMA_VERSION = 1;

/**
 * Throws at start-up on a gap or a duplicate in a type's chain: a gap would hand consumers a shape that is neither
 * old nor new, and finding out on the first read of an old event is too late.
 */
export const createUpcasterRegistry = (upcasters: readonly Upcaster[]): UpcasterRegistry => {
  const chains = new Map<string, Map<number, Upcaster['upcast']>>();
  for (const { eventType, fromVersion, upcast } of upcasters) {
    if (!Number.isInteger(fromVersion) || fromVersion < INITIAL_SCHEMA_VERSION) {
      throw new RangeError(`upcaster for ${eventType}: fromVersion must be an integer >= ${INITIAL_SCHEMA_VERSION}`);
    }
    const chain = chains.get(eventType) ?? new Map<number, Upcaster['upcast']>();
    if (chain.has(fromVersion)) throw new Error(`two upcasters for ${eventType} from version ${fromVersion}`);
    chain.set(fromVersion, upcast);
    chains.set(eventType, chain);
  }
  for (const [eventType, chain] of chains) {
    for (let version = INITIAL_SCHEMA_VERSION; version < INITIAL_SCHEMA_VERSION + chain.size; version++) {
      if (!chain.has(version)) throw new Error(`upcasters for ${eventType} skip version ${version}`);
    }
  }

  const currentVersion = (eventType: string) => INITIAL_SCHEMA_VERSION + (chains.get(eventType)?.size ?? 0);

  return {
    currentVersion,
    upcast(eventType, schemaVersion, data, metadata) {
      const chain = chains.get(eventType);
      let upgraded = data;
      let version = schemaVersion;
      // An event newer than this code (written by a newer deployment) has no upcaster and is passed on unchanged.
      for (let upcast = chain?.get(version); upcast; upcast = chain?.get(version)) {
        upgraded = upcast(upgraded, metadata);
        version++;
      }
      return { data: upgraded, schemaVersion: version };
    },
  };
};

export const noUpcasters: UpcasterRegistry = createUpcasterRegistry([]);
