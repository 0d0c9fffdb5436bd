export * from './commands.ts';
export * from './constants.ts';
export * from './decide.ts';
export * from './events.ts';
export * from './state.ts';
export * from './upcasters.ts';
