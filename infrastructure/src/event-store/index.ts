export * from './bench-appends.ts';
export * from './event-store.ts';
export * from './eventstoredb-event-store.ts';
export * from './lmdb-event-store.ts';
export * from './upcasting.ts';
export * from './process-lock.ts';
export * from './decoding.ts';
export * from './read-all-pages.ts';
