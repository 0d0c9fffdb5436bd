import type { ProjectResponse } from '../../../lib/projects/get-project.ts';
import { stageOf } from '../../../lib/projects/get-project.ts';
import { Card } from '../../../components/ui/card.tsx';
import { LIST_DEFINITIONS, STAGE_ONE_LISTS, STAGE_TWO_AUDIENCE_LISTS, STAGE_TWO_REWARD_LISTS } from '../../../lib/parameter-lists.ts';

/** Spec 01 §2 Summary: the Final Prompt card lists every parameter group and the audience segments. */
export const FinalPromptCard = ({ response, children }: { response: ProjectResponse; children: React.ReactNode }) => {
  const stageOne = stageOf(response, 1).data;
  const stageTwo = stageOf(response, 2).data;
  const groups: [string, string[]][] = [
    ['Parameters', response.project.parameters],
    ...STAGE_ONE_LISTS.map((list): [string, string[]] => [LIST_DEFINITIONS[list].title, stageOne[list]]),
    ...[...STAGE_TWO_REWARD_LISTS, ...STAGE_TWO_AUDIENCE_LISTS].map((list): [string, string[]] => [LIST_DEFINITIONS[list].title, stageTwo[list]]),
  ];
  return (
    <Card aria-labelledby="final-prompt-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="final-prompt-title" className="text-lg font-semibold">
            Final Prompt
          </h2>
          <p className="text-sm text-slate-500 dark:text-slate-400">Everything below goes into the prompt that builds your page.</p>
        </div>
        {children}
      </div>
      <dl className="mt-4 grid gap-3 sm:grid-cols-2">
        {groups.map(([title, values]) => (
          <div key={title} className="rounded-xl bg-slate-50 p-3 dark:bg-slate-800/60">
            <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">{title}</dt>
            <dd className="mt-1 text-sm">
              {values.length > 0 ? values.join(', ') : <span className="text-slate-600 italic dark:text-slate-400">none</span>}
            </dd>
          </div>
        ))}
        <div className="rounded-xl bg-slate-50 p-3 sm:col-span-2 dark:bg-slate-800/60">
          <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">Audience Segments</dt>
          <dd className="mt-1 text-sm">
            {stageTwo.audienceSegments.length > 0 ? (
              <ul className="space-y-1">
                {stageTwo.audienceSegments.map((segment, index) => (
                  <li key={`${index}-${segment.name}`}>
                    <span className="font-medium">{segment.name}</span>: {segment.description}{' '}
                    <span className="text-slate-500 dark:text-slate-400">(reach: {segment.reachStrategy})</span>
                  </li>
                ))}
              </ul>
            ) : (
              <span className="text-slate-600 italic dark:text-slate-400">none</span>
            )}
          </dd>
        </div>
      </dl>
    </Card>
  );
};
