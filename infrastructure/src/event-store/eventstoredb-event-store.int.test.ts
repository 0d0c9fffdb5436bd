import { describe } from 'vitest';
import { eventStoreContract } from './event-store.contract.ts';
import { uncheckedEventTypes } from './decoding.ts';
import { openEventStoreDbEventStore } from './eventstoredb-event-store.ts';

const connectionString = process.env.EVENTSTORE_URL;

// A shared server keeps its log between cases: the contract gives every case streams and event types of its own.
describe.skipIf(!connectionString)('eventstoredb event store', () => {
  eventStoreContract('eventstoredb', async ({ upcasters } = {}) => {
    const store = openEventStoreDbEventStore({
      connectionString: connectionString!,
      events: uncheckedEventTypes,
      ...(upcasters ? { upcasters } : {}),
    });
    return { store, cleanup: () => store.close() };
  });
});
