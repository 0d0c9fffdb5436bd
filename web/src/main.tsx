import { StrictMode } from 'react';
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

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
