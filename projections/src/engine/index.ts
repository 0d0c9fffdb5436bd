export * from './define-projection.ts';
export * from './engine.ts';
