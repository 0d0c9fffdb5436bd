// Test helpers, never exported from the production entry: import them from '@vis/infrastructure/testing'.
export * from './embedded-stores.ts';
export * from './fault-injecting-stores.ts';
export * from './distributed-stores.ts';
export * from './bson-size.ts';
