export * from './commands.ts';
export * from './constants.ts';
export * from './decide.ts';
export * from './events.ts';
export * from './layered-map.ts';
export * from './publish-source.ts';
export * from './state.ts';
export * from './share-link.ts';
