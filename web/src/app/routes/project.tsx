import { Link, useParams } from 'react-router-dom';
import { useProject } from '../../features/projects/api/get-project.ts';
import { ParameterList } from '../../features/projects/components/parameter-list.tsx';

export const ProjectRoute = () => {
  const { id = '' } = useParams();
  const project = useProject(id);

  if (project.isPending) return <p className="p-8 text-slate-500">Loading…</p>;
  if (project.isError) {
    return (
      <main className="mx-auto max-w-xl p-8 text-center">
        <h1 className="text-2xl font-bold">Oops! Data Missing</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-300">Failed to load project</p>
        <Link to="/" className="mt-6 inline-block rounded-lg bg-indigo-600 px-4 py-2 text-white">
          Return to Home
        </Link>
      </main>
    );
  }

  const { project: details } = project.data;
  return (
    <main className="mx-auto max-w-3xl space-y-6 px-4 py-10">
      <header>
        <Link to="/" className="text-sm text-indigo-600 hover:underline dark:text-indigo-400">
          ← Home
        </Link>
        <h1 className="mt-2 text-3xl font-bold">{details.name}</h1>
        {details.coreIdea && <p className="mt-1 text-slate-600 dark:text-slate-300">{details.coreIdea}</p>}
      </header>
      <ParameterList projectId={details.id} title="Parameters" list="parameters" values={details.parameters} />
    </main>
  );
};
