import { useNavigate } from 'react-router-dom';
import { useCreateProject } from '../../features/projects/api/create-project.ts';

export const CURRENT_PROJECT_KEY = 'currentProjectId';

export const HomeRoute = () => {
  const navigate = useNavigate();
  const createProject = useCreateProject();
  const currentProjectId = localStorage.getItem(CURRENT_PROJECT_KEY);

  const start = () =>
    createProject.mutate(
      {},
      {
        onSuccess: ({ project }) => {
          localStorage.setItem(CURRENT_PROJECT_KEY, project.id);
          navigate(`/projects/${project.id}`);
        },
      },
    );

  return (
    <main className="mx-auto flex min-h-screen max-w-2xl flex-col items-center justify-center gap-6 px-6 text-center">
      <h1 className="text-4xl font-bold tracking-tight">Viral Idea Game</h1>
      <p className="text-lg text-slate-600 dark:text-slate-300">Create amazing viral ideas with our fun step-by-step game!</p>
      <div className="flex flex-wrap justify-center gap-3">
        <button
          onClick={start}
          disabled={createProject.isPending}
          className="rounded-xl bg-indigo-600 px-6 py-3 font-semibold text-white shadow hover:bg-indigo-700 focus-visible:ring-2 focus-visible:ring-indigo-400 focus-visible:outline-none disabled:opacity-60"
        >
          {createProject.isPending ? 'Starting...' : 'Start Playing Now!'}
        </button>
        {currentProjectId && (
          <button
            onClick={() => navigate(`/projects/${currentProjectId}`)}
            className="rounded-xl border border-slate-300 px-6 py-3 font-semibold hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-indigo-400 focus-visible:outline-none dark:border-slate-700 dark:hover:bg-slate-900"
          >
            Continue my idea
          </button>
        )}
      </div>
      {createProject.isError && (
        <p role="alert" className="text-red-600">
          Failed to create project
        </p>
      )}
    </main>
  );
};
