import type { ProjectResponse } from '../../../lib/projects/get-project.ts';
import { stageOf } from '../../../lib/projects/get-project.ts';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';

type Entry = [label: string, value: string];
interface Section {
  title: string;
  entries: Entry[];
}

const filled = (entries: Entry[]) => entries.map(([label, value]): Entry => [label, value.trim()]).filter(([, value]) => value !== '');

/**
 * What stages 3–5 hold, under the labels the stage screens use: the selected concept, the mechanics, the refined
 * concept, the page and the loops. Empty entries and sections are left out; nothing at all shows no card.
 */
export const ideaSections = (response: ProjectResponse): Section[] => {
  const { ideaConcepts, selectedConceptIndex } = stageOf(response, 3).data;
  const mechanics = stageOf(response, 4).data;
  const refinement = stageOf(response, 5).data;
  const concept = selectedConceptIndex === null ? undefined : ideaConcepts[selectedConceptIndex];
  const page = refinement.webpageElements;
  const sections: Section[] = [
    {
      title: 'Selected Concept',
      entries: concept
        ? filled([
            ['Concept', concept.name],
            ['Core action', concept.coreAction ?? ''],
            ['Viral hook', concept.viralHook ?? ''],
          ])
        : [],
    },
    {
      title: 'Mechanics',
      entries: filled([
        ['Selected idea name', mechanics.selectedIdeaName],
        ['Reward source', mechanics.rewardSource],
        ['Reward flow', mechanics.rewardFlow],
        ['Sustainability check', mechanics.sustainabilityCheck],
        ['Externalities check', mechanics.externalitiesCheck],
      ]),
    },
    {
      title: 'Refined Concept',
      entries: filled([
        ['Final concept name', refinement.finalConceptName],
        ['One-liner pitch', refinement.oneLinerPitch],
        ['Detailed description', refinement.detailedDescription],
        [
          'Target audience',
          refinement.targetAudience
            .map((item) => item.trim())
            .filter(Boolean)
            .join(', '),
        ],
      ]),
    },
    {
      title: 'Web Page',
      entries: filled([
        ['Headline', page.headline],
        ['Visual description', page.visualDescription],
        ['Call to action', page.cta],
        ['Explanation', page.explanation],
        [
          'Other elements',
          page.otherElements
            .map(({ name, description }) => [name.trim(), description.trim()].filter(Boolean).join(': '))
            .filter(Boolean)
            .join('\n'),
        ],
      ]),
    },
    {
      title: 'Loops & Notes',
      entries: filled([
        ['Viral loop explained', refinement.viralLoopExplained],
        ['Sustainability loop explained', refinement.sustainabilityLoopExplained],
        ['Why micro', refinement.whyMicro],
        ['Why no externalities', refinement.whyNoExternalities],
        ['Key assumptions & risks', refinement.keyAssumptionsRisks],
      ]),
    },
  ];
  return sections.filter((section) => section.entries.length > 0);
};

/** Spec 01 §2 Summary: the idea as stages 3–5 shaped it, next to the parameters of the Final Prompt card. */
export const IdeaDetailsCard = ({ response }: { response: ProjectResponse }) => {
  const sections = ideaSections(response);
  if (sections.length === 0) return null;
  return (
    <Card aria-labelledby="idea-details-title">
      <h2 id="idea-details-title" className="text-lg font-semibold">
        Your Idea
      </h2>
      <p className="text-sm text-slate-500 dark:text-slate-400">The concept, mechanics and page you worked out in the later stages.</p>
      <div className="mt-4 space-y-5">
        {sections.map(({ title, entries }) => {
          const id = `idea-section-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
          return (
            <section key={title} aria-labelledby={id}>
              <h3 id={id} className="text-sm font-semibold text-indigo-700 dark:text-indigo-300">
                {title}
              </h3>
              <dl className="mt-2 grid gap-3 sm:grid-cols-2">
                {entries.map(([label, value]) => (
                  <div key={label} className={cn('rounded-xl bg-slate-50 p-3 dark:bg-slate-800/60', value.length > 120 && 'sm:col-span-2')}>
                    <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">{label}</dt>
                    <dd className="mt-1 text-sm break-words whitespace-pre-line">{value}</dd>
                  </div>
                ))}
              </dl>
            </section>
          );
        })}
      </div>
    </Card>
  );
};
