import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { buttonClasses } from '../../components/ui/button.tsx';
import { ErrorScreen } from '../../components/error-screen.tsx';
import { appLog } from '../../lib/local-log.ts';

/** A rendering failure anywhere below the router (spec 02: 'Application Error' with a way home). */
export const ErrorBoundaryRoute = () => {
  const error = useRouteError();
  console.error('Application Error', error);
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : String(error);
  // Spec 02 §2.1: the error is logged, into the local application log as well.
  useEffect(
    () => appLog.write('error', 'render', `Application Error: ${detail}`, { data: { path: window.location.pathname }, error }),
    [error, detail],
  );
  return (
    <div className="min-h-dvh bg-slate-50 dark:bg-slate-950">
      <ErrorScreen
        title="Application Error"
        actions={
          // A full page load: whatever broke the app should not survive into the next screen.
          <a href="/" className={buttonClasses()}>
            Return to Home
          </a>
        }
      >
        <p>Something went wrong while showing this page.</p>
        <p className="font-mono text-xs break-words text-slate-500 dark:text-slate-400">{detail}</p>
      </ErrorScreen>
    </div>
  );
};
