export * from './batches.ts';
export * from './define-projection.ts';
export * from './engine.ts';
