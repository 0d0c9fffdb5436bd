import { Link } from 'react-router-dom';
import { Card } from '../../../components/ui/card.tsx';
import { stageOf, type ProjectResponse } from '../../../lib/projects/get-project.ts';
import { nextSteps } from '../next-steps.ts';

/** The dashboard's Next Steps (spec 01 §2), worked out from what the project has done so far. */
export const NextStepsCard = ({ response }: { response: ProjectResponse }) => {
  const ideation = stageOf(response, 3).data;
  const technical = stageOf(response, 6).data;
  const steps = nextSteps({
    coreIdea: response.project.coreIdea,
    stagesDone: response.progress.stages,
    conceptCount: ideation.ideaConcepts.length,
    conceptChosen: ideation.selectedConceptIndex !== null && ideation.selectedConceptIndex < ideation.ideaConcepts.length,
    hasTechnicalReport: technical.technicalReport !== null,
    hasFinalPrompt: technical.finalPrompt.trim() !== '',
  });
  return (
    <Card aria-labelledby="next-steps">
      <h2 id="next-steps" className="text-lg font-semibold">
        Next Steps
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
        {steps.map((step) => (
          <li key={step.id}>
            {step.before}
            <Link to={step.link.to} className="font-medium text-indigo-600 underline-offset-2 hover:underline dark:text-indigo-400">
              {step.link.label}
            </Link>
            {step.after}
          </li>
        ))}
      </ul>
    </Card>
  );
};
