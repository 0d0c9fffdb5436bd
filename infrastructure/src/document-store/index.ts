export type * from './document-store.ts';
export { ChangedDocumentMissingError, RequiredWriteUnmatchedError } from './document-store.ts';
export { changesBetween, hasChanges, jsonEqual } from './document-changes.ts';
export { ChangeLogOverrunError, openLmdbDocumentStore, type LmdbDocumentStoreOptions } from './lmdb-document-store.ts';
export { openMongoDocumentStore, type MongoDocumentStoreOptions } from './mongodb-document-store.ts';
export { followChanges, type FollowChangesOptions } from './follow-changes.ts';
export { deleteExpired } from './delete-expired.ts';
