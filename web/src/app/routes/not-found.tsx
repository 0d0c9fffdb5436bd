import { Link, useLocation } from 'react-router-dom';
import { buttonClasses } from '../../components/ui/button.tsx';
import { ErrorScreen } from '../../components/error-screen.tsx';
import { STAGE_PATHS } from '../../features/stages/stage-paths.ts';

/**
 * A path like /stage-9 names a stage that does not exist: 'Whoops! Can't Find That' offers the nearest real one
 * (spec 01 §2 'Error screens'). Anything else is the plain 404.
 */
export const NotFoundRoute = () => {
  const { pathname } = useLocation();
  const stage = /^\/stage-(\d+)\/?$/.exec(pathname);
  if (stage) {
    const asked = Number(stage[1]);
    // The five guided stages, and the optional technical stage after them.
    const technical = STAGE_PATHS.length + 1;
    const available = [...STAGE_PATHS.map((_, index) => index + 1), technical];
    // The nearest guided stage; past the guided stages, the technical stage is offered beside the last one.
    const suggestions = asked > technical ? [STAGE_PATHS.length, technical] : [Math.min(Math.max(asked, 1), STAGE_PATHS.length)];
    return (
      <ErrorScreen
        title="Whoops! Can't Find That"
        actions={
          <>
            {suggestions.map((suggestion, index) => (
              <Link key={suggestion} to={`/stage-${suggestion}`} className={buttonClasses(index === 0 ? {} : { variant: 'secondary' })}>
                Try Stage {suggestion} Instead{suggestion === technical ? ' (Technical)' : ''}
              </Link>
            ))}
            <Link to="/" className={buttonClasses({ variant: 'secondary' })}>
              Go Back Home
            </Link>
          </>
        }
      >
        <p>There is no stage {asked}.</p>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          The stages are numbered {available.join(', ')}; stage {technical} is the optional technical stage.
        </p>
      </ErrorScreen>
    );
  }
  return (
    <ErrorScreen
      title="404 Page Not Found"
      actions={
        <Link to="/" className={buttonClasses()}>
          Go Back Home
        </Link>
      }
    >
      <p>
        Nothing lives at <code className="rounded bg-slate-100 px-1 dark:bg-slate-800">{pathname}</code>.
      </p>
    </ErrorScreen>
  );
};
