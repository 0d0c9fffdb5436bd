import { describe, expect, it } from 'vitest';
import type { CommandMetadata } from '../decider.ts';
import { fold } from '../decider.ts';
import { NotFoundError, ValidationError } from '../errors.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import {
  coreIdeaChanged,
  metadata,
  now,
  owner,
  parameterAdded,
  parameterRemoved,
  parametersCleared,
  projectCreated,
  projectDeleted,
  projectId,
  projectRenamed,
  stranger,
} from '../testing/project-fixtures.ts';
import {
  builderCoreIdeaChanged,
  builderCreated,
  builderFinished,
  builderParameterAdded,
  builderParameterRemoved,
  builderParametersCleared,
} from '../testing/project-builder-fixtures.ts';
import type { RestoreDeletedProject, RestoreProjectVersion, UndoParameterRemoval } from './commands.ts';
import { projectDecider } from './decide.ts';
import type { ProjectEvent } from './events.ts';
import { freeProjectName, sameProjectName } from './names.ts';
import { restorableUntil } from './recovery.ts';
import { restorableContentOf, type ActiveProjectState, type ProjectState } from './state.ts';

const given = deciderSpec(projectDecider);
const stateOf = (events: readonly ProjectEvent[]): ProjectState => fold(projectDecider, events);
const active = (events: readonly ProjectEvent[]) => stateOf(events) as ActiveProjectState;

/** What the server reads from the log for a restore: the project as it was after the first `count` events. */
const restoreVersion = (history: readonly ProjectEvent[], revision: number, actorId = owner): RestoreProjectVersion => ({
  type: 'RestoreProjectVersion',
  data: { projectId, revision, version: revision >= 0 ? stateOf(history.slice(0, revision + 1)) : null },
  metadata: metadata(actorId),
});
const undoRemoval = (history: readonly ProjectEvent[], revision: number, actorId = owner): UndoParameterRemoval => ({
  type: 'UndoParameterRemoval',
  data: { projectId, revision, before: stateOf(history.slice(0, revision)), change: history[revision] ?? null },
  metadata: metadata(actorId),
});
const restoreFromTrash = (at = now, actorId = owner): RestoreDeletedProject => ({
  type: 'RestoreDeletedProject',
  data: { projectId },
  metadata: { ...metadata(actorId), now: at } satisfies CommandMetadata,
});

const history: ProjectEvent[] = [
  projectCreated(),
  coreIdeaChanged('a wall of tips'),
  projectRenamed('Tip Wall'),
  coreIdeaChanged('a jar of tips', 'a wall of tips'),
];

describe('RestoreProjectVersion', () => {
  it('puts back the project as it was at the revision, in one event carrying it', () =>
    given(history)
      .when(restoreVersion(history, 1))
      .then([
        {
          type: 'ProjectVersionRestored',
          data: { projectId, revision: 1, content: restorableContentOf(active(history.slice(0, 2))), restoredAt: now },
        },
      ]));

  it('can itself be undone by restoring the revision before it', () => {
    const restored = [...history, ...projectDecider.decide(restoreVersion(history, 1), stateOf(history))];
    expect(active(restored)).toMatchObject({ coreIdea: 'a wall of tips', name: 'New Viral Idea', revision: 4 });
    const undone = projectDecider.decide(restoreVersion(restored, 3), stateOf(restored));
    expect(active([...restored, ...undone])).toMatchObject({ coreIdea: 'a jar of tips', name: 'Tip Wall', revision: 5 });
  });

  it('changes nothing when the project already is that version', () => given(history).when(restoreVersion(history, 3)).thenNothingHappened());

  it('refuses a revision the project has not reached yet, naming the field', () =>
    given(history)
      .when(restoreVersion(history, 9))
      .thenThrows(ValidationError, /no revision 9 yet/));

  it('refuses a negative revision', () =>
    given(history)
      .when(restoreVersion(history, -1))
      .thenThrows(ValidationError, /0 or more/));

  it("reports another's project as missing", () =>
    given(history)
      .when(restoreVersion(history, 1, stranger))
      .thenThrows(NotFoundError));
});

describe('RestoreDeletedProject', () => {
  const deleted = [...history, projectDeleted('Tip Wall')];

  it('brings a deleted project back as it was, from its trash', () =>
    given(deleted)
      .when(restoreFromTrash())
      .then([
        {
          type: 'ProjectRestored',
          data: {
            projectId,
            ownerId: owner,
            kind: 'guided',
            content: restorableContentOf(active(history)),
            deletedAt: now,
            restoredAt: now,
            // Named by the person: a later core idea does not rename it after the restore either.
            naming: 'person',
          },
        },
      ]));

  it('folds to the project as it was, numbered on from the deletion', () => {
    const back = [...deleted, ...projectDecider.decide(restoreFromTrash(), stateOf(deleted))];
    expect(active(back)).toMatchObject({ status: 'active', name: 'Tip Wall', coreIdea: 'a jar of tips', revision: 5 });
  });

  it('restores until 30 days after the deletion, not after', () => {
    given(deleted)
      .when(restoreFromTrash(restorableUntil(now)))
      .then([expect.objectContaining({ type: 'ProjectRestored' }) as never]);
    given(deleted)
      .when(restoreFromTrash('2026-12-23T10:00:00.001Z'))
      .thenThrows(NotFoundError, /more than 30 days ago/);
  });

  it('brings its own Gemini key back (by vault id and last four) when the vault kept it, else comes back without one', () => {
    const withKey: ProjectEvent[] = [
      ...history,
      { type: 'GeminiKeySet', data: { projectId, keyId: 'key-1', lastFour: 'Q9z7', previousLastFour: null, setAt: now } },
      { type: 'GeminiKeyVerified', data: { projectId, keyId: 'key-1', lastFour: 'Q9z7', valid: true, verifiedAt: now } },
      projectDeleted('Tip Wall'),
    ];
    const kept: RestoreDeletedProject = { ...restoreFromTrash(), data: { projectId, keyKept: true } };
    given(withKey)
      .when(kept)
      .then([
        expect.objectContaining({ data: expect.objectContaining({ aiKey: { keyId: 'key-1', lastFour: 'Q9z7' }, aiKeyStatus: 'Valid' }) }) as never,
      ]);
    const back = (command: RestoreDeletedProject) => active([...withKey, ...projectDecider.decide(command, stateOf(withKey))]);
    expect(back(kept)).toMatchObject({ aiKey: { keyId: 'key-1', lastFour: 'Q9z7' }, aiKeyStatus: 'Valid' });
    expect(back(restoreFromTrash())).toMatchObject({ aiKey: null, aiKeyStatus: 'Not Set' });
  });

  it('changes nothing for a project that is not deleted', () => given(history).when(restoreFromTrash()).thenNothingHappened());

  it("reports another's deleted project as missing", () => given(deleted).when(restoreFromTrash(now, stranger)).thenThrows(NotFoundError));
});

describe('UndoParameterRemoval', () => {
  const chips = [
    projectCreated({ parameters: [] }),
    parameterAdded({ list: 'parameters', value: 'FOMO' }),
    parameterAdded({ list: 'parameters', value: 'Scarcity' }),
    parameterAdded({ list: 'parameters', value: 'Pride' }),
  ];

  it('puts a Clear All back in its order, keeping what was added since', () => {
    const cleared = [...chips, parametersCleared('parameters', ['FOMO', 'Scarcity', 'Pride']), parameterAdded({ list: 'parameters', value: 'Envy' })];
    given(cleared)
      .when(undoRemoval(cleared, 4))
      .then([
        {
          type: 'ParametersRestored',
          data: {
            projectId,
            list: 'parameters',
            values: ['FOMO', 'Scarcity', 'Pride', 'Envy'],
            previous: ['Envy'],
            undoneRevision: 4,
            restoredAt: now,
          },
        },
      ]);
  });

  it('puts a removed chip back where it was, and only that chip', () => {
    const removed = [...chips, parameterRemoved({ list: 'parameters', value: 'Scarcity' }), parameterRemoved({ list: 'parameters', value: 'Pride' })];
    given(removed)
      .when(undoRemoval(removed, 4))
      .then([
        {
          type: 'ParametersRestored',
          data: { projectId, list: 'parameters', values: ['FOMO', 'Scarcity'], previous: ['FOMO'], undoneRevision: 4, restoredAt: now },
        },
      ]);
  });

  it('changes nothing when undone twice', () => {
    const cleared = [...chips, parametersCleared('parameters', ['FOMO', 'Scarcity', 'Pride'])];
    const undone = [...cleared, ...projectDecider.decide(undoRemoval(cleared, 4), stateOf(cleared))];
    expect(active(undone).parameters).toEqual(['FOMO', 'Scarcity', 'Pride']);
    given(undone).when(undoRemoval(undone, 4)).thenNothingHappened();
  });

  it('refuses a revision where nothing was removed, naming the field', () =>
    given(chips)
      .when(undoRemoval(chips, 2))
      .thenThrows(ValidationError, /nothing was removed/));

  it("reports another's project as missing", () => {
    const cleared = [...chips, parametersCleared('parameters', ['FOMO', 'Scarcity', 'Pride'])];
    given(cleared)
      .when(undoRemoval(cleared, 4, stranger))
      .thenThrows(NotFoundError);
  });
});

describe('UndoParameterRemoval in the nine-step builder', () => {
  const categoryOf = (events: readonly ProjectEvent[]) => active(events).builder!.categories.emotion;
  const chips = [
    builderCreated(),
    builderParameterAdded('emotion', 'Pride'),
    builderParameterAdded('emotion', 'Awe'),
    builderParameterAdded('emotion', 'Joy'),
  ];

  it('puts a removed chip back where it was in its category', () => {
    const removed = [...chips, builderParameterRemoved('emotion', 'Awe')];
    given(removed)
      .when(undoRemoval(removed, 4))
      .then([
        {
          type: 'BuilderParametersRestored',
          data: {
            projectId,
            category: 'emotion',
            step: 4,
            values: ['Pride', 'Awe', 'Joy'],
            previous: ['Pride', 'Joy'],
            undoneRevision: 4,
            restoredAt: now,
          },
        },
      ]);
  });

  it('puts a Clear All back in its order, keeping what was added since, and the category stays active', () => {
    const cleared = [...chips, builderParametersCleared('emotion', ['Pride', 'Awe', 'Joy']), builderParameterAdded('emotion', 'Envy')];
    const undone = [...cleared, ...projectDecider.decide(undoRemoval(cleared, 4), stateOf(cleared))];
    expect(categoryOf(undone)).toEqual({ active: true, params: ['Pride', 'Awe', 'Joy', 'Envy'] });
    given(undone).when(undoRemoval(undone, 4)).thenNothingHappened();
  });

  it('leaves the other categories and the guided lists alone', () => {
    const cleared = [...chips, builderParameterAdded('stories', 'Origin'), builderParametersCleared('emotion', ['Pride', 'Awe', 'Joy'])];
    const undone = [...cleared, ...projectDecider.decide(undoRemoval(cleared, 5), stateOf(cleared))];
    expect(active(undone).builder!.categories.stories.params).toEqual(['Origin']);
    expect(active(undone).parameters).toEqual(active(cleared).parameters);
  });

  it('refuses while the idea is finished, as every builder edit is', () => {
    const removed = [...chips, builderCoreIdeaChanged('A tip wall'), builderParameterRemoved('emotion', 'Awe'), builderFinished(60)];
    given(removed)
      .when(undoRemoval(removed, 5))
      .thenThrows(ValidationError, /finished/);
  });

  it('refuses a revision where nothing was removed', () =>
    given(chips)
      .when(undoRemoval(chips, 2))
      .thenThrows(ValidationError, /nothing was removed/));

  it("reports another's builder project as missing", () => {
    const removed = [...chips, builderParameterRemoved('emotion', 'Awe')];
    given(removed)
      .when(undoRemoval(removed, 4, stranger))
      .thenThrows(NotFoundError);
  });
});

describe('project names', () => {
  it('are the same name whatever their case or surrounding spaces', () => {
    expect(sameProjectName('Tip Wall', ' tip wall ')).toBe(true);
    expect(sameProjectName('Tip Wall', 'Tip Walls')).toBe(false);
  });

  it('give a taken default or imported name the first free number', () => {
    expect(freeProjectName('New Viral Idea', [])).toBe('New Viral Idea');
    expect(freeProjectName('New Viral Idea', ['new viral idea', 'New Viral Idea 2'])).toBe('New Viral Idea 3');
  });
});
