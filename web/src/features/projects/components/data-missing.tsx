import { ErrorScreen } from '../../../components/error-screen.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';

/**
 * Spec 01 §2 and §8: the project could not be loaded. When the server says why in a way the visitor can act on
 * (too many new visitors from their network: wait, or sign in), that is what they read, with the way out.
 */
export const DataMissing = ({ message = 'Failed to load project', error }: { message?: string; error?: unknown }) => {
  const limited = error instanceof ApiError && error.status === 429;
  const returnTo = encodeURIComponent(window.location.pathname);
  return (
    <ErrorScreen
      title="Oops! Data Missing"
      actions={
        limited ? (
          <>
            <a href={`/auth/google?returnTo=${returnTo}`} className={buttonClasses()}>
              Sign In
            </a>
            <a href="/" className={buttonClasses({ variant: 'secondary' })}>
              Return to Home
            </a>
          </>
        ) : undefined
      }
    >
      <p>{limited ? error.message : message}</p>
    </ErrorScreen>
  );
};
