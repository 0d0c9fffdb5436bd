import type { ProjectResponse } from '@vis/domain';
import { Card } from '../../../components/ui/card.tsx';
import { describeValue, labelOf } from './values.tsx';

const isEmpty = (value: unknown) =>
  value === null ||
  value === undefined ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && !Array.isArray(value) && Object.values(value).every(isEmpty));

const Chips = ({ items, label }: { items: string[]; label: string }) => (
  <ul aria-label={label} className="flex flex-wrap gap-1.5">
    {items.map((item) => (
      <li key={item} className="rounded-full bg-indigo-50 px-2.5 py-0.5 text-xs text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100">
        {item}
      </li>
    ))}
  </ul>
);

const FieldValue = ({ label, value }: { label: string; value: unknown }) =>
  Array.isArray(value) && value.every((item) => typeof item === 'string') ? (
    <Chips items={value} label={label} />
  ) : (
    <p className="text-sm break-words whitespace-pre-line">{describeValue(value)}</p>
  );

/** A stage's fields that hold something; a list's comma-joined text form beside it (spec 01 §3) is shown once, as the list. */
const filledFields = (data: Record<string, unknown>) => {
  const joined = new Set(
    Object.values(data)
      .filter((value): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string'))
      .map((list) => list.join(', ')),
  );
  return Object.entries(data).filter(([, value]) => !isEmpty(value) && !(typeof value === 'string' && joined.has(value)));
};

/** The whole project as it stood at one moment: what the History screen's slider scrubs through. */
export const ProjectSnapshot = ({ snapshot }: { snapshot: ProjectResponse }) => {
  const { project, builder } = snapshot;
  return (
    <div className="grid gap-3">
      <Card aria-label="Project at this moment">
        <h2 className="text-lg font-semibold break-words">{project.name}</h2>
        <dl className="mt-2 grid gap-2 text-sm">
          <div>
            <dt className="text-xs font-medium text-slate-600 dark:text-slate-300">{builder ? 'Nine-step builder' : 'Guided stages'}</dt>
            <dd>
              {builder
                ? `Step ${builder.currentStep} of 9 · ${builder.completedSteps.length} steps complete${builder.finished ? ' · finished' : ''}`
                : `Stage ${project.currentStageIndex} · ${snapshot.progress.percent}% complete`}
            </dd>
          </div>
          <div>
            <dt className="text-xs font-medium text-slate-600 dark:text-slate-300">Core idea</dt>
            <dd className="break-words">{(builder ? builder.coreIdea : project.coreIdea) || '—'}</dd>
          </div>
          {builder ? (
            <div>
              <dt className="text-xs font-medium text-slate-600 dark:text-slate-300">Viral mechanics</dt>
              <dd className="break-words">{builder.viralMechanics || '—'}</dd>
            </div>
          ) : (
            project.parameters.length > 0 && (
              <div>
                <dt className="text-xs font-medium text-slate-600 dark:text-slate-300">Parameters</dt>
                <dd className="mt-1">
                  <Chips items={project.parameters} label="Parameters" />
                </dd>
              </div>
            )
          )}
        </dl>
      </Card>
      {builder
        ? builder.categories
            .filter((category) => category.params.length > 0)
            .map((category) => (
              <Card key={category.category} aria-label={category.title}>
                <h3 className="mb-2 text-sm font-semibold">{category.title}</h3>
                <Chips items={category.params} label={category.title} />
              </Card>
            ))
        : snapshot.stages.map((stage) => {
            const fields = filledFields(stage.data);
            if (fields.length === 0) return null;
            return (
              <Card key={stage.stageNumber} aria-label={stage.title}>
                <h3 className="mb-2 text-sm font-semibold">
                  Stage {stage.stageNumber}: {stage.title}
                </h3>
                <dl className="grid gap-2">
                  {fields.map(([field, value]) => (
                    <div key={field}>
                      <dt className="mb-0.5 text-xs font-medium text-slate-600 dark:text-slate-300">{labelOf(field)}</dt>
                      <dd>
                        <FieldValue label={labelOf(field)} value={value} />
                      </dd>
                    </div>
                  ))}
                </dl>
              </Card>
            );
          })}
      {builder?.enhancedPrompt && (
        <Card aria-label="Enhanced prompt">
          <h3 className="mb-2 text-sm font-semibold">Enhanced prompt</h3>
          <p className="text-sm break-words whitespace-pre-line">{builder.enhancedPrompt}</p>
        </Card>
      )}
    </div>
  );
};
