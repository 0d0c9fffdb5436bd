export * from './constants.ts';
export * from './flow-stages.ts';
export * from './parameter-kinds.ts';
