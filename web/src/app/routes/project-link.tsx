import { useEffect } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { DataMissing } from '../../features/projects/components/data-missing.tsx';
import { useProject } from '../../lib/projects/get-project.ts';
import { rememberCurrentProject } from '../../features/projects/hooks/use-current-project.ts';
import { PageLoading } from '../../components/page-loading.tsx';

/** /projects/{id}: makes that project the browser's current one and opens the stage it stands on. */
export const ProjectLinkRoute = () => {
  const { id = '' } = useParams();
  const project = useProject(id);
  const loaded = project.data?.project;

  useEffect(() => {
    if (loaded) rememberCurrentProject(loaded.id);
  }, [loaded]);

  if (project.isPending) return <PageLoading />;
  if (project.isError || !loaded) return <DataMissing />;
  return <Navigate to={`/stage-${Math.min(Math.max(loaded.currentStageIndex, 1), 5)}`} replace />;
};
