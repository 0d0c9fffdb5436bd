import type { GuidedParameterList, StageNotesField, StageNotesPatch, WEBPAGE_DRAFT_FIELDS } from '@vis/domain';
import { CORE_IDEA_EXAMPLE, exampleText } from '@vis/domain/starting-guidance';
import { BookOpen, LayoutList, Link2, Plus, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button, focusRing } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Input, Label } from '../../../components/ui/field.tsx';
import { cn } from '../../../lib/cn.ts';
import { stageOf, type ProjectResponse, type StageResponse } from '../../../lib/projects/get-project.ts';
import { useSetCoreIdea } from '../../../lib/projects/set-core-idea.ts';
import { useUpdateStageNotes } from '../../../lib/projects/update-stage-notes.ts';
import type { TextBase } from '../../../lib/text-conflict.ts';
import { STAGE_ONE_LISTS, STAGE_TWO_AUDIENCE_LISTS, STAGE_TWO_REWARD_LISTS } from '../../../lib/parameter-lists.ts';
import { AudienceSegments } from './audience-segments.tsx';
import { Concepts } from './concepts.tsx';
import { ItemListEditor } from './item-list-editor.tsx';
import { NoteField } from './note-field.tsx';
import { ParameterListEditor } from './parameter-list-editor.tsx';
import { SectionTitle } from './stage-layout.tsx';
import { CarryOverChips, DraftableNoteField, DraftStageButton, proposalsOf } from './stage-drafts.tsx';
import { isWebAddress, WEB_ADDRESS_MESSAGE } from '../web-address.ts';

interface ScreenProps {
  response: ProjectResponse;
}

/** `fields` naming one text, with that text replaced by `value`: the base of a one-text save, in the same shape. */
const sameShape = (fields: object, value: unknown): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(fields).map(([key, item]: [string, unknown]) => [
      key,
      typeof item === 'object' && item !== null && !Array.isArray(item) ? sameShape(item, value) : value,
    ]),
  );

/** Saves some of one stage's notes; each call is one UpdateStageNotes command. A text's `base` goes with it (text-conflict.ts). */
const useNotes = <N extends 1 | 2 | 4 | 5>(projectId: string, stage: N) => {
  const update = useUpdateStageNotes(projectId);
  return (fields: StageNotesPatch<N>, base?: TextBase) =>
    update.mutateAsync({
      stage,
      fields,
      baseRevision: base?.baseRevision,
      baseFields: base?.baseValue === undefined ? undefined : sameShape(fields, base.baseValue),
    });
};

const ListGrid = ({ children }: { children: React.ReactNode }) => <div className="grid gap-4 lg:grid-cols-2">{children}</div>;

/** One list of stage 1 or 2; `generate` is what the generate call sends besides the list (spec 01 §7). */
const StageList = ({
  response,
  stage,
  list,
  generate,
}: {
  response: ProjectResponse;
  stage: StageResponse<1> | StageResponse<2>;
  list: GuidedParameterList;
  generate: { coreIdea: string; projectName: string } | { stageId: 2 };
}) => (
  <ParameterListEditor
    projectId={response.project.id}
    list={list}
    values={(stage.data as unknown as Partial<Record<GuidedParameterList, string[]>>)[list] ?? []}
    generateRequest={(fieldType, excludeParameters) => ({ projectId: response.project.id, fieldType, excludeParameters, ...generate })}
  />
);

/** Stage 1: the core idea and the five research lists (spec 01 §2 'Stage 1 screen'). */
export const StageOneScreen = ({ response }: ScreenProps) => {
  const { project } = response;
  const stage = stageOf(response, 1);
  const setCoreIdea = useSetCoreIdea(project.id);
  const saveNotes = useNotes(project.id, 1);
  return (
    <>
      <Card>
        <NoteField
          revision={response.revision}
          label="Core idea"
          value={project.coreIdea}
          save={(coreIdea, base) => setCoreIdea.mutateAsync({ coreIdea, ...base })}
          placeholder={exampleText(CORE_IDEA_EXAMPLE)}
          maxLength={5000}
        />
      </Card>
      <ListGrid>
        {STAGE_ONE_LISTS.map((list) => (
          <StageList key={list} response={response} stage={stage} list={list} generate={{ coreIdea: project.coreIdea, projectName: project.name }} />
        ))}
      </ListGrid>
      <ItemListEditor
        title="Key Resources"
        icon={<Link2 className="size-4 text-indigo-500" aria-hidden />}
        items={stage.data.keyResources}
        fields={[
          { key: 'url', label: 'Resource URL', required: 'URL is required', validate: (url) => (isWebAddress(url) ? null : WEB_ADDRESS_MESSAGE) },
          { key: 'description', label: 'What it is' },
        ]}
        describe={(resource) => (
          <>
            {/* Older projects may hold text that is no address: it is shown, not linked. */}
            {isWebAddress(resource.url) ? (
              <a
                href={resource.url}
                target="_blank"
                rel="noreferrer"
                className="font-medium text-indigo-600 underline-offset-2 hover:underline dark:text-indigo-400"
              >
                {resource.url}
              </a>
            ) : (
              <span className="font-medium">{resource.url}</span>
            )}
            {resource.description && <p className="text-slate-600 dark:text-slate-300">{resource.description}</p>}
          </>
        )}
        addLabel="Add Resource"
        save={(keyResources) => saveNotes({ keyResources })}
      />
    </>
  );
};

/** Stage 2: reward and sustainability lists, then the target audience (spec 01 §2 'Stage 2 screen'). */
export const StageTwoScreen = ({ response }: ScreenProps) => {
  const { project } = response;
  const stage = stageOf(response, 2);
  const saveNotes = useNotes(project.id, 2);
  const editor = (list: (typeof STAGE_TWO_REWARD_LISTS)[number] | (typeof STAGE_TWO_AUDIENCE_LISTS)[number]) => (
    <StageList key={list} response={response} stage={stage} list={list} generate={{ stageId: 2 }} />
  );
  return (
    <>
      <SectionTitle description="Where the rewards come from, how they flow, and why the loop stays closed.">Reward & Sustainability</SectionTitle>
      <ListGrid>{STAGE_TWO_REWARD_LISTS.map(editor)}</ListGrid>
      <SectionTitle description="Who will care, why, and how to reach them.">Target Audience Segments</SectionTitle>
      <ListGrid>{STAGE_TWO_AUDIENCE_LISTS.map(editor)}</ListGrid>
      <AudienceSegments projectId={project.id} segments={stage.data.audienceSegments} />
      <ItemListEditor
        title="Case Studies"
        icon={<BookOpen className="size-4 text-indigo-500" aria-hidden />}
        items={stage.data.caseStudies}
        fields={[
          { key: 'projectName', label: 'Project name', required: 'Project name is required' },
          { key: 'link', label: 'Link' },
          { key: 'summary', label: 'Summary', multiline: true },
          { key: 'successFactors', label: 'Success factors', multiline: true },
          { key: 'failures', label: 'Failures', multiline: true },
        ]}
        describe={(study) => (
          <>
            <p className="font-semibold">{study.projectName}</p>
            {study.summary && <p className="text-slate-600 dark:text-slate-300">{study.summary}</p>}
            {study.successFactors && (
              <p className="text-xs">
                <span className="font-medium">Worked:</span> {study.successFactors}
              </p>
            )}
            {study.failures && (
              <p className="text-xs">
                <span className="font-medium">Failed:</span> {study.failures}
              </p>
            )}
          </>
        )}
        addLabel="Add Case Study"
        save={(caseStudies) => saveNotes({ caseStudies })}
      />
      <Card className="grid gap-4 lg:grid-cols-2">
        <NoteField
          revision={response.revision}
          label="Key insights"
          value={stage.data.keyInsights}
          save={(keyInsights, base) => saveNotes({ keyInsights }, base)}
        />
        <NoteField
          revision={response.revision}
          label="Identified communities"
          value={stage.data.identifiedCommunities}
          save={(identifiedCommunities, base) => saveNotes({ identifiedCommunities }, base)}
        />
        <NoteField
          revision={response.revision}
          label="Specific mechanics"
          value={stage.data.specificMechanics}
          save={(specificMechanics, baseRevision) => saveNotes({ specificMechanics }, baseRevision)}
          placeholder="The exact actions that move rewards, e.g. each tip adds 1.5% to the pool"
        />
        <NoteField
          revision={response.revision}
          label="Reward integration points"
          value={stage.data.rewardIntegrationPoints}
          save={(rewardIntegrationPoints, baseRevision) => saveNotes({ rewardIntegrationPoints }, baseRevision)}
          placeholder="Where in the page a reward is earned or paid out"
        />
      </Card>
    </>
  );
};

export const StageThreeScreen = ({ response }: ScreenProps) => {
  const stage = stageOf(response, 3);
  return <Concepts projectId={response.project.id} concepts={stage.data.ideaConcepts} selectedIndex={stage.data.selectedConceptIndex} />;
};

/** Stage 4 (variant C mechanics): the selected idea's reward source, flow and the two checks. */
export const StageFourScreen = ({ response }: ScreenProps) => {
  const { project, context } = response;
  const stage = stageOf(response, 4);
  const { rewardSourceParameters, rewardFlowParameters } = stageOf(response, 2).data;
  const saveNotes = useNotes(project.id, 4);
  const selected = context[3]?.conceptName;
  const proposals = proposalsOf(stage.aiSuggestions);
  const draftable = (field: StageNotesField<4>, label: string, placeholder: string, extra?: React.ReactNode, multiline = true, hint?: string) => (
    <DraftableNoteField
      projectId={project.id}
      stage={4}
      field={field}
      proposal={proposals.find((proposal) => proposal.field === field)}
      revision={response.revision}
      label={label}
      value={stage.data[field]}
      save={(value, base) => saveNotes({ [field]: value }, base)}
      placeholder={placeholder}
      multiline={multiline}
      hint={hint}
      extra={extra}
    />
  );
  // Stage 2's values, offered where they belong: a click adds one to the field's text.
  const carryOver = (field: 'rewardSource' | 'rewardFlow', values: string[]) => (
    <CarryOverChips
      label="From stage 2"
      values={values}
      current={stage.data[field]}
      insert={(value) =>
        void saveNotes({ [field]: stage.data[field].trim() ? `${stage.data[field].trimEnd()}, ${value}` : value }).catch(() => undefined)
      }
    />
  );
  return (
    <>
      <DraftStageButton
        projectId={project.id}
        stage={4}
        label="Generate Mechanics"
        hint={
          selected
            ? `Let the AI draft the mechanics of ${selected} from stage 2's reward source and flow. Empty fields are filled; fields with your text get a suggestion beside them.`
            : 'Select a concept on stage 3 first: the mechanics are drafted for the selected concept.'
        }
      />
      <Card className="grid gap-4 lg:grid-cols-2">
        <div className="lg:col-span-2">
          {draftable(
            'selectedIdeaName',
            'Selected idea name',
            selected ?? 'The idea these mechanics are for',
            undefined,
            false,
            selected ? `Selected on stage 3: ${selected}` : undefined,
          )}
        </div>
        {draftable('rewardSource', 'Reward source', 'Where do the rewards come from?', carryOver('rewardSource', rewardSourceParameters))}
        {draftable('rewardFlow', 'Reward flow', 'How do rewards reach the participants?', carryOver('rewardFlow', rewardFlowParameters))}
        {draftable('sustainabilityCheck', 'Sustainability check', 'Why can the pool never run dry?')}
        {draftable('externalitiesCheck', 'Externalities check', 'What outside dependencies or side effects are there?')}
        <div className="lg:col-span-2">
          <NoteField
            revision={response.revision}
            label="Messaging strategy"
            value={stage.data.messagingStrategy}
            save={(messagingStrategy, baseRevision) => saveNotes({ messagingStrategy }, baseRevision)}
            placeholder="What you tell each audience segment, in one or two sentences"
          />
        </div>
      </Card>
    </>
  );
};

/** A short list of texts kept in stage notes (stage 5's target audience): the whole list is saved on each change. */
const TextListField = ({ label, values, save }: { label: string; values: string[]; save: (values: string[]) => Promise<unknown> }) => {
  const id = useId();
  const [draft, setDraft] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = draft.trim();
    if (value === '') return;
    setDraft('');
    if (!values.includes(value)) void save([...values, value]).catch(() => setDraft(value));
  };
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <ul aria-label={label} className="mt-1 flex flex-wrap gap-3">
        {values.map((value) => (
          <li
            key={value}
            className="inline-flex items-center gap-2 rounded-full bg-fuchsia-100 py-1 pr-1.5 pl-3 text-sm text-fuchsia-900 dark:bg-fuchsia-500/20 dark:text-fuchsia-100"
          >
            {value}
            <button
              type="button"
              aria-label={`Remove ${value}`}
              onClick={() => void save(values.filter((other) => other !== value)).catch(() => undefined)}
              className={cn('relative after:absolute after:-inset-2 rounded-full p-0.5 hover:bg-fuchsia-200 dark:hover:bg-fuchsia-500/30', focusRing)}
            >
              <X className="size-3.5" aria-hidden />
            </button>
          </li>
        ))}
      </ul>
      <form onSubmit={submit} className="mt-2 flex gap-2">
        <Input id={id} value={draft} onChange={(event) => setDraft(event.target.value)} placeholder="Add an audience" />
        <Button type="submit" variant="secondary" disabled={draft.trim() === ''}>
          <Plus className="size-4" aria-hidden /> Add
        </Button>
      </form>
    </div>
  );
};

/** Stage 5's page texts: each the AI can draft under its flat name (the domain's WEBPAGE_DRAFT_FIELDS). */
const PAGE_TEXTS = [
  { field: 'webpageHeadline', key: 'headline', label: 'Headline', multiline: false },
  { field: 'webpageCta', key: 'cta', label: 'Call to action', multiline: false },
  { field: 'webpageVisual', key: 'visualDescription', label: 'Visual description', multiline: true },
  { field: 'webpageExplanation', key: 'explanation', label: 'Explanation', multiline: true },
] as const satisfies readonly { field: keyof typeof WEBPAGE_DRAFT_FIELDS; key: string; label: string; multiline: boolean }[];

/** Stage 5 (variant C refinement): the final concept's fields (spec 01 §3 'Stage 3 data', variant A). */
export const StageFiveScreen = ({ response }: ScreenProps) => {
  const { project } = response;
  const stage = stageOf(response, 5);
  const saveNotes = useNotes(project.id, 5);
  const { data } = stage;
  const elements = data.webpageElements;
  const proposals = proposalsOf(stage.aiSuggestions);
  const draftable5 = (field: StageNotesField<5> | keyof typeof WEBPAGE_DRAFT_FIELDS) => ({
    projectId: project.id,
    stage: 5 as const,
    field,
    proposal: proposals.find((proposal) => proposal.field === field),
  });
  // Each page text is saved on its own: a save never carries (and overwrites) an older copy of the others.
  const saveElement = (field: 'headline' | 'visualDescription' | 'cta' | 'explanation') => (value: string, base: TextBase) =>
    saveNotes({ webpageElements: { [field]: value } }, base);
  return (
    <>
      <DraftStageButton
        projectId={project.id}
        stage={5}
        label="Generate Refinement"
        hint="Let the AI draft the final concept from the selected concept and your mechanics. Empty fields are filled; fields with your text get a suggestion beside them."
      />
      <Card className="grid gap-4 lg:grid-cols-2">
        <DraftableNoteField
          {...draftable5('finalConceptName')}
          revision={response.revision}
          label="Final concept name"
          value={data.finalConceptName}
          save={(finalConceptName, base) => saveNotes({ finalConceptName }, base)}
          multiline={false}
        />
        <DraftableNoteField
          {...draftable5('oneLinerPitch')}
          revision={response.revision}
          label="One-liner pitch"
          value={data.oneLinerPitch}
          save={(oneLinerPitch, base) => saveNotes({ oneLinerPitch }, base)}
          multiline={false}
        />
        <div className="lg:col-span-2">
          <DraftableNoteField
            {...draftable5('detailedDescription')}
            revision={response.revision}
            label="Detailed description"
            value={data.detailedDescription}
            save={(detailedDescription, base) => saveNotes({ detailedDescription }, base)}
          />
        </div>
        <div className="lg:col-span-2">
          <TextListField label="Target audience" values={data.targetAudience} save={(targetAudience) => saveNotes({ targetAudience })} />
        </div>
      </Card>
      <SectionTitle description="What the one page shows.">Webpage Elements</SectionTitle>
      <Card className="grid gap-4 lg:grid-cols-2">
        {PAGE_TEXTS.map(({ field, key, label, multiline }) => (
          <DraftableNoteField
            key={field}
            {...draftable5(field)}
            revision={response.revision}
            label={label}
            value={elements[key]}
            save={saveElement(key)}
            multiline={multiline}
          />
        ))}
      </Card>
      <ItemListEditor
        title="Other Elements"
        icon={<LayoutList className="size-4 text-indigo-500" aria-hidden />}
        items={elements.otherElements}
        fields={[
          { key: 'name', label: 'Element name', required: 'Element name is required' },
          { key: 'description', label: 'What it does', multiline: true },
        ]}
        describe={(element) => (
          <>
            <p className="font-semibold">{element.name}</p>
            {element.description && <p className="text-slate-600 dark:text-slate-300">{element.description}</p>}
          </>
        )}
        addLabel="Add Element"
        save={(otherElements) => saveNotes({ webpageElements: { otherElements } })}
      />
      <SectionTitle description="Why it spreads, why it lasts, and what could go wrong.">Loops & Reasoning</SectionTitle>
      <Card className="grid gap-4 lg:grid-cols-2">
        <DraftableNoteField
          {...draftable5('viralLoopExplained')}
          revision={response.revision}
          label="Viral loop explained"
          value={data.viralLoopExplained}
          save={(viralLoopExplained, base) => saveNotes({ viralLoopExplained }, base)}
        />
        <DraftableNoteField
          {...draftable5('sustainabilityLoopExplained')}
          revision={response.revision}
          label="Sustainability loop explained"
          value={data.sustainabilityLoopExplained}
          save={(sustainabilityLoopExplained, base) => saveNotes({ sustainabilityLoopExplained }, base)}
        />
        <DraftableNoteField
          {...draftable5('whyMicro')}
          revision={response.revision}
          label="Why micro"
          value={data.whyMicro}
          save={(whyMicro, base) => saveNotes({ whyMicro }, base)}
        />
        <DraftableNoteField
          {...draftable5('whyNoExternalities')}
          revision={response.revision}
          label="Why no externalities"
          value={data.whyNoExternalities}
          save={(whyNoExternalities, base) => saveNotes({ whyNoExternalities }, base)}
        />
        <div className="lg:col-span-2">
          <DraftableNoteField
            {...draftable5('keyAssumptionsRisks')}
            revision={response.revision}
            label="Key assumptions & risks"
            value={data.keyAssumptionsRisks}
            save={(keyAssumptionsRisks, base) => saveNotes({ keyAssumptionsRisks }, base)}
          />
        </div>
      </Card>
    </>
  );
};
