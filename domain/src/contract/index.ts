export * from './names.ts';
export * from './responses.ts';
