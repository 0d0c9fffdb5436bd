import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { appLog } from './lib/local-log.ts';
import './index.css';
import { flushWhenLeaving } from './lib/save-status.ts';

flushWhenLeaving();

// What no screen caught goes into the local application log (spec 01 §3), where Settings shows it.
window.addEventListener('error', (event) => appLog.write('error', 'window', event.message || 'Uncaught error', { error: event.error }));
window.addEventListener('unhandledrejection', (event) =>
  appLog.write('error', 'window', event.reason instanceof Error ? event.reason.message : 'Unhandled promise rejection', { error: event.reason }),
);

// The first render as a transition: React renders it in slices of a few milliseconds and yields to the browser in
// between, instead of one long task (hundreds of ms on a slow phone) that blocks input until the page has painted.
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
