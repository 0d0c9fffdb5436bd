import {
  DEFAULT_PROJECT_KIND,
  evolveProjectContent,
  initialProjectState,
  type ActiveProjectState,
  type ProjectEvent,
  type ProjectState,
} from '@vis/domain';
import type { RecordedEvent } from '@vis/infrastructure';

/** The project as the domain folds it, minus the discriminant: what both project read models store. */
export type ProjectFields = Omit<ActiveProjectState, 'status' | 'projectId' | 'revision' | 'textRevisions'> & {
  /**
   * The project stream's revision the document has folded: what a text edit sends back as its base. Absent on
   * documents written before it was kept, until the project's next event. Which revision changed each text is
   * the decider's business only, so it is not stored.
   */
  revision?: number;
  _id: string;
  createdAt: string;
  updatedAt: string;
};

// Both conversions name every field: a rebuild runs them once per event, and fixed-shape literals are several
// times cheaper than rest/spread copies of a document that also carries derived and engine fields.
const stateOf = (doc: ProjectFields | null, revision: number): ProjectState =>
  doc
    ? {
        status: 'active',
        projectId: doc._id,
        ownerId: doc.ownerId,
        name: doc.name,
        coreIdea: doc.coreIdea,
        parameters: doc.parameters,
        currentStageIndex: doc.currentStageIndex,
        aiKeyStatus: doc.aiKeyStatus,
        // Documents written before projects had their own Gemini key have no such field.
        aiKey: doc.aiKey ?? null,
        stages: doc.stages,
        // Documents written before there were builder projects have neither: they are guided.
        kind: doc.kind ?? DEFAULT_PROJECT_KIND,
        builder: doc.builder ?? null,
        ...(doc.draftProposals ? { draftProposals: doc.draftProposals } : {}),
        revision,
        textRevisions: {},
      }
    : initialProjectState();

const fieldsOf = (state: ActiveProjectState, createdAt: string, updatedAt: string): ProjectFields => ({
  _id: state.projectId,
  ownerId: state.ownerId,
  name: state.name,
  coreIdea: state.coreIdea,
  parameters: state.parameters,
  currentStageIndex: state.currentStageIndex,
  aiKeyStatus: state.aiKeyStatus,
  aiKey: state.aiKey,
  stages: state.stages,
  kind: state.kind,
  builder: state.builder,
  ...(state.draftProposals ? { draftProposals: state.draftProposals } : {}),
  revision: state.revision,
  createdAt,
  updatedAt,
});

/**
 * The last append time formatted, by its milliseconds: the events of one append share their `createdAt` (each
 * decoded as a Date of its own), and formatting one was 6% of a 1,000,000-event rebuild of events without `at`.
 */
let lastCreatedAt = { time: Number.NaN, iso: '' };

/** When the user acted: the command's time, which handleCommand keeps in every event's metadata (older events: the append's). */
const actedAt = (event: RecordedEvent<ProjectEvent>) => {
  const at = (event.metadata as { at?: unknown }).at as string | undefined;
  if (at !== undefined) return at;
  const time = event.createdAt.getTime();
  if (time !== lastCreatedAt.time) lastCreatedAt = { time, iso: event.createdAt.toISOString() };
  return lastCreatedAt.iso;
};

/**
 * Read models fold project events with the domain's own fold (`evolveProjectContent`, the decider's
 * `evolveProject` minus the text revisions only the decider uses), so what the screens show can never disagree
 * with what the decider decided on.
 */
export const foldProject = (
  doc: ProjectFields | null,
  event: RecordedEvent<ProjectEvent>,
): { fields: ProjectFields; state: ActiveProjectState } | null => {
  // The event's own revision, not a count: documents written before revisions were kept start counting right.
  const state = evolveProjectContent(stateOf(doc, Number(event.revision) - 1), event);
  if (state.status !== 'active') return null;
  // A project back from the trash starts again from its event alone (the read model had dropped it): its revision is the event's.
  if (event.type === 'ProjectRestored') state.revision = Number(event.revision);
  const at = actedAt(event);
  return { fields: fieldsOf(state, doc?.createdAt ?? at, at), state };
};
