export * from './engine/index.ts';
export * from './read-models/index.ts';
export * from './ops-app.ts';
export * from './compose.ts';
export * from './time-travel.ts';
export * from './stream-folds.ts';
