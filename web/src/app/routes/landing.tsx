import { ArrowRight, Gift, Sparkles, Ticket } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import { usePublicCoupon } from '../../lib/account/get-public-coupon.ts';
import { setCurrentStage } from '../../lib/projects/set-current-stage.ts';
import { useResolveCurrentProject } from '../../features/projects/hooks/use-current-project.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { useToast } from '../../lib/toast.tsx';

/** Spec 01 §1 and §2 'Landing page'. */
export const LandingRoute = () => {
  const navigate = useNavigate();
  const resolveCurrentProject = useResolveCurrentProject();
  const coupon = usePublicCoupon();
  const toast = useToast();
  const [starting, setStarting] = useState(false);

  // 'Start Playing Now!' opens the nine-step builder (spec 02 §2.1); the guided stages start from the stage 1 button,
  // which sets the current project's stage to the first and opens it.
  const startGuided = async () => {
    setStarting(true);
    try {
      const projectId = await resolveCurrentProject();
      await setCurrentStage(projectId, 1);
      void navigate('/stage-1');
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error, 'Failed to create project'), variant: 'destructive' });
      setStarting(false);
    }
  };

  return (
    <div className="relative overflow-hidden">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-x-0 -top-40 h-96 bg-gradient-to-b from-indigo-200/60 via-fuchsia-100/40 to-transparent blur-2xl dark:from-indigo-900/40 dark:via-fuchsia-900/20"
      />
      <div className="relative mx-auto flex max-w-3xl flex-col items-center px-6 pt-16 pb-12 text-center sm:pt-24">
        <span className="mb-6 flex size-16 items-center justify-center rounded-2xl bg-gradient-to-br from-indigo-500 to-fuchsia-500 text-white shadow-lg">
          <Sparkles className="size-8" aria-hidden />
        </span>
        <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">Viral Idea Game</h1>
        <p className="mt-4 max-w-xl text-lg text-slate-600 dark:text-slate-300">Create amazing viral ideas with our fun step-by-step game!</p>

        <div className="mt-8 flex flex-wrap items-center justify-center gap-x-2 gap-y-0.5 rounded-2xl border border-emerald-300 bg-emerald-50 px-4 py-2 text-sm font-semibold text-emerald-800 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-200">
          <Gift className="size-4" aria-hidden />
          <span className="whitespace-nowrap">3 FREE PLAYS</span>
          <span className="font-normal">to try the AI helper, no sign-up needed</span>
        </div>

        <div className="mt-8 flex flex-wrap items-center justify-center gap-3">
          <Link to="/game" className={cn(buttonClasses({ size: 'lg' }), 'rounded-xl px-8 text-lg')}>
            Start Playing Now!
            <ArrowRight className="size-5" aria-hidden />
          </Link>
          <Button size="lg" variant="secondary" className="rounded-xl" onClick={() => void startGuided()} disabled={starting}>
            {starting ? 'Starting...' : 'Start the Guided Stages'}
          </Button>
        </div>

        {coupon.data?.code && (
          <p className="mt-6 inline-flex flex-wrap items-center justify-center gap-2 text-sm text-slate-600 dark:text-slate-300">
            <Ticket className="size-4 text-fuchsia-500" aria-hidden />
            Out of free plays? Use the coupon code
            <code className="rounded-md border border-dashed border-fuchsia-400 bg-fuchsia-50 px-2 py-0.5 font-mono font-semibold text-fuchsia-700 dark:bg-fuchsia-950 dark:text-fuchsia-200">
              {coupon.data.code}
            </code>
            for unlimited access.
            {coupon.data.visitorAiPerHour > 0 && (
              <span className="basis-full text-xs text-slate-500 dark:text-slate-400">
                Without signing in, one network (a home, an office, a café) shares {coupon.data.visitorAiPerHour} AI requests an hour, coupon
                included. Sign in to keep going.
              </span>
            )}
          </p>
        )}
      </div>

      <ol className="relative mx-auto grid max-w-4xl gap-3 px-6 pb-12 sm:grid-cols-5">
        {['Research', 'Reward & Sustainability', 'Ideation', 'Mechanics', 'Refinement'].map((step, index) => (
          <li
            key={step}
            className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white/80 p-3 text-sm font-medium sm:flex-col sm:text-center dark:border-slate-800 dark:bg-slate-900/80"
          >
            <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-xs font-bold text-indigo-700 dark:bg-indigo-500/20 dark:text-indigo-200">
              {index + 1}
            </span>
            {step}
          </li>
        ))}
      </ol>
    </div>
  );
};
