// The projection thread's entry: it runs the TypeScript sources as the server does, through tsx, registered here
// because a worker thread does not take its parent's loader (see projection-thread.ts).
import { register } from 'tsx/esm/api';

register();
await import('./projection-worker.ts');
