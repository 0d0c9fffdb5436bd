export * from './decider.ts';
export * from './errors.ts';
export * from './text.ts';
export * from './project/index.ts';
export * from './feedback/feedback.ts';
export * from './account/index.ts';
export * from './marketplace/index.ts';
export * from './ai/index.ts';
