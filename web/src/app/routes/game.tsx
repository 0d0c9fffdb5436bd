import { Loader2 } from 'lucide-react';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { ErrorScreen } from '../../components/error-screen.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { BuilderScreen } from '../../features/builder/components/builder-screen.tsx';
import { ScreenHeader } from '../../features/builder/components/screen-header.tsx';
import { secondsSince } from '../../features/builder/hooks/use-elapsed-seconds.ts';
import { useBuilderProject, useCreateBuilderProject } from '../../features/builder/hooks/use-builder-project.ts';
import { errorMessage } from '../../lib/api-client.ts';

const Frame = ({ startedAt, projectId, children }: { startedAt: number; projectId?: string; children: ReactNode }) => (
  <div className="mx-auto w-full max-w-5xl space-y-5 px-4 py-4 sm:px-6 lg:py-8">
    <ScreenHeader startedAt={startedAt} projectId={projectId} />
    {children}
  </div>
);

const Preparing = ({ text }: { text: string }) => (
  <div role="status" className="flex min-h-[40dvh] items-center justify-center gap-2 text-slate-600 dark:text-slate-300">
    <Loader2 className="size-5 animate-spin" aria-hidden />
    {text}
  </div>
);

const Failed = ({ error, onRetry }: { error: unknown; onRetry: () => void }) => (
  <ErrorScreen
    title="Could Not Open Your Viral Idea"
    actions={
      <>
        <Button onClick={onRetry}>Try Again</Button>
        <Link to="/" className={buttonClasses({ variant: 'secondary' })}>
          Return to Home
        </Link>
      </>
    }
  >
    <p>{errorMessage(error, 'Something went wrong while loading your project. Please try again.')}</p>
  </ErrorScreen>
);

/**
 * /game (spec 02 §2.6): the visitor's builder project (the one remembered in this browser, else the newest, else
 * a new 'My Viral Idea', with a spinner meanwhile), as the nine-step builder or, once finished, the completion view.
 */
export const GameRoute = () => {
  const [openedAt] = useState(Date.now);
  const { projectId, resolving, resolveError, retry, project } = useBuilderProject();
  // The timer counts from the builder's start as the server recorded it (its project's creation), so a reload or
  // another device shows the same time; the screen's opening stands in only while the project loads.
  const createdAt = project.data?.builder ? Date.parse(project.data.project.createdAt) : NaN;
  const startedAt = Number.isNaN(createdAt) ? openedAt : createdAt;
  const elapsedSeconds = useCallback(() => secondsSince(startedAt), [startedAt]);

  let body: ReactNode;
  if (resolveError) body = <Failed error={resolveError} onRetry={retry} />;
  else if (project.isError) body = <Failed error={project.error} onRetry={() => void project.refetch()} />;
  else if (resolving || !projectId || project.isPending) body = <Preparing text="Preparing your viral idea..." />;
  else if (!project.data.builder) body = <Failed error={null} onRetry={retry} />;
  else body = <BuilderScreen response={project.data} elapsedSeconds={elapsedSeconds} />;
  return (
    <Frame startedAt={startedAt} projectId={project.data?.builder ? project.data.project.id : undefined}>
      {body}
    </Frame>
  );
};

/** /new-game: a fresh 'My Viral Idea' builder project, then /game shows it (the URL is replaced). */
export const NewGameRoute = () => {
  const [startedAt] = useState(Date.now);
  const location = useLocation();
  const navigate = useNavigate();
  const created = useCreateBuilderProject(location.key);

  useEffect(() => {
    if (created.data) void navigate('/game', { replace: true });
  }, [created.data, navigate]);

  return (
    <Frame startedAt={startedAt}>
      {created.isError ? <Failed error={created.error} onRetry={() => void created.refetch()} /> : <Preparing text="Creating a new viral idea..." />}
    </Frame>
  );
};
