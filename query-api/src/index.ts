export * from './app.ts';
export * from './live/live-updates.ts';
export * from './live/authorize-topic.ts';
export * from './compose.ts';
