import { projectStreamId, type ProjectCommand } from '@vis/domain';
import type { EventStore } from '../event-store/event-store.ts';

/** One visitor's project and the commands the command-handling tests send it, at a fixed time. */
export const projectCommandsFor = (projectId: string, now = '2026-11-23T10:00:00.000Z') => ({
  stream: projectStreamId(projectId),
  create: { type: 'CreateProject', data: { projectId }, metadata: { commandId: 'c-create', now, actorId: 'visitor-ann' } } satisfies ProjectCommand,
  add: (value: string, commandId = `c-${value}`, requestDigest?: string): ProjectCommand => ({
    type: 'AddParameter',
    data: { projectId, list: 'parameters', value },
    metadata: { commandId, now, actorId: 'visitor-ann', ...(requestDigest === undefined ? {} : { requestDigest }) },
  }),
});

/**
 * The same log behind another store object: what handleCommand keeps per store (streams folded, snapshots kept)
 * starts empty, as in a process that just started. `appendToStream` may be replaced to act before each append.
 */
export const sameLog = (
  store: EventStore,
  appendToStream: EventStore['appendToStream'] = (...args) => store.appendToStream(...args),
): EventStore => ({
  readStream: (...args) => store.readStream(...args),
  readAll: (...args) => store.readAll(...args),
  subscribeToAll: (...args) => store.subscribeToAll(...args),
  headPosition: () => store.headPosition(),
  countAfter: (...args) => store.countAfter(...args),
  close: () => store.close(),
  appendToStream,
});
