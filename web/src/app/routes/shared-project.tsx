import { AlertTriangle, Eye } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { PageLoading } from '../../components/page-loading.tsx';
import { useSharedProject } from '../../features/marketplace/api/get-shared-project.ts';
import { IdeasMessage } from '../../features/marketplace/components/ideas-message.tsx';
import { errorMessage } from '../../lib/api-client.ts';

const Section = ({ title, text }: { title: string; text: string }) =>
  text.trim() ? (
    <Card className="min-w-0">
      <h2 className="text-base font-semibold">{title}</h2>
      <p className="mt-2 text-sm break-words whitespace-pre-wrap text-slate-700 dark:text-slate-200">{text}</p>
    </Card>
  ) : null;

/** '/shared/:projectId/:token' (issue 26): a project opened by its private link, read-only, never in the marketplace. */
export const SharedProjectRoute = () => {
  const { projectId = '', token = '' } = useParams();
  const shared = useSharedProject(projectId, token);
  if (shared.isPending) return <PageLoading />;
  if (shared.isError)
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-10">
        <IdeasMessage
          alert
          title="Link Not Available"
          icon={<AlertTriangle className="size-10" aria-hidden />}
          action={
            <Link to="/marketplace" className={buttonClasses()}>
              Browse Marketplace
            </Link>
          }
        >
          <p>{errorMessage(shared.error, 'This link could not be opened.')}</p>
        </IdeasMessage>
      </div>
    );
  const { project } = shared.data;
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-6 sm:px-6 lg:py-10">
      <header className="space-y-2">
        <p className="inline-flex items-center gap-1 text-xs font-semibold tracking-wider text-indigo-600 uppercase dark:text-indigo-400">
          <Eye className="size-4" aria-hidden /> Shared with you · read-only
        </p>
        <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{project.title}</h1>
        {project.name !== project.title && <p className="text-slate-600 dark:text-slate-300">{project.name}</p>}
      </header>
      {/* Without a refined description the listing's is the core idea: shown once. */}
      {project.description.trim() !== project.coreIdea.trim() && <Section title="Description" text={project.description} />}
      <Section title="Core idea" text={project.coreIdea} />
      <Section title="Viral triggers" text={project.viralTriggers} />
      <Section title="Technical framework" text={project.techFramework} />
      <Section title="Sustainability" text={project.sustainability} />
    </div>
  );
};
