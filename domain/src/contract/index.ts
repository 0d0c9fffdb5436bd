export * from './names.ts';
export * from './responses.ts';
export * from './projections.ts';
