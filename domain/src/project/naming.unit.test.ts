import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../testing/decider-spec.ts';
import { builderCoreIdeaChanged, builderCreated, setBuilderCoreIdea } from '../testing/project-builder-fixtures.ts';
import {
  coreIdeaChanged,
  now,
  projectCreated,
  projectId,
  projectRenamed,
  projectReset,
  resetProject,
  setCoreIdea,
} from '../testing/project-fixtures.ts';
import type { ResetProject, SetCoreIdea } from './commands.ts';
import type { SetBuilderCoreIdea } from './builder-commands.ts';
import { projectDecider } from './decide.ts';
import type { ProjectEvent } from './events.ts';
import { isDefaultProjectName, MAX_NAME_FROM_IDEA_LENGTH, nameFromCoreIdea } from './naming.ts';

const given = deciderSpec(projectDecider);

/** As the command API sends it: with the owner's other projects' names. */
const setIdea = (coreIdea: string, takenNames: string[] = []): SetCoreIdea => {
  const command = setCoreIdea(coreIdea);
  return { ...command, data: { ...command.data, takenNames } };
};
const setBuilderIdea = (coreIdea: string, takenNames: string[] = []): SetBuilderCoreIdea => {
  const command = setBuilderCoreIdea(coreIdea);
  return { ...command, data: { ...command.data, takenNames } };
};
const namedFromIdea = (name: string, previousName = 'New Viral Idea'): ProjectEvent => ({
  type: 'ProjectRenamed',
  data: { projectId, name, previousName, renamedAt: now, fromCoreIdea: true },
});

describe('nameFromCoreIdea', () => {
  it('takes the first sentence, capitalised, without its full stop', () =>
    expect(nameFromCoreIdea('  daily roast pool. Everyone posts a coffee photo.')).toBe('Daily roast pool'));

  it('cuts a long idea at the last whole word that fits, not on a word that leads into the next', () => {
    const name = nameFromCoreIdea(
      'a shared tip jar where every tip a visitor leaves for a street musician lights up a wall of thank-you notes from around the world',
    );
    expect(name).toBe('A shared tip jar where every tip a visitor leaves');
    expect(name.length).toBeLessThanOrEqual(MAX_NAME_FROM_IDEA_LENGTH);
  });

  it('gives nothing for an idea of no words', () => expect(nameFromCoreIdea('  \n ')).toBe(''));
});

describe('isDefaultProjectName', () => {
  it('knows the guided and the builder defaults and their numbered copies, in any case', () => {
    expect(['New Viral Idea', 'new viral idea 3', 'My Viral Idea 2'].every(isDefaultProjectName)).toBe(true);
    expect(['Tip Wall', 'New Viral Idea two'].some(isDefaultProjectName)).toBe(false);
  });
});

describe('a project named from its core idea', () => {
  it('takes its name from the first core idea when it still has the default name', () =>
    given([projectCreated()])
      .when(setIdea('daily roast pool. Post your coffee.'))
      .then([coreIdeaChanged('daily roast pool. Post your coffee.'), namedFromIdea('Daily roast pool')]));

  it("is made unique among the owner's projects, without case", () =>
    given([projectCreated()])
      .when(setIdea('Daily roast pool', ['daily ROAST pool', 'Tip Wall']))
      .then([coreIdeaChanged('Daily roast pool'), namedFromIdea('Daily roast pool 2')]));

  it('follows the core idea while the person has not named it (the idea is saved as it is typed)', () =>
    given([projectCreated(), coreIdeaChanged('Daily ro'), namedFromIdea('Daily ro')])
      .when(setIdea('Daily roast pool'))
      .then([coreIdeaChanged('Daily roast pool', 'Daily ro'), namedFromIdea('Daily roast pool', 'Daily ro')]));

  it('is never renamed again once the person renamed it', () =>
    given([projectCreated(), coreIdeaChanged('Daily ro'), namedFromIdea('Daily ro'), projectRenamed('Roast Club', 'Daily ro')])
      .when(setIdea('Daily roast pool'))
      .then([coreIdeaChanged('Daily roast pool', 'Daily ro')]));

  it('keeps a name the person gave at creation', () =>
    given([projectCreated({ name: 'Tip Wall' })])
      .when(setIdea('Daily roast pool'))
      .then([coreIdeaChanged('Daily roast pool')]));

  it("keeps a person's name even when it looks like a default one", () =>
    given([projectCreated(), projectRenamed('New Viral Idea 7')])
      .when(setIdea('Daily roast pool'))
      .then([coreIdeaChanged('Daily roast pool')]));

  it("is left as it is when the command did not look at the owner's names", () =>
    given([projectCreated()])
      .when(setCoreIdea('Daily roast pool'))
      .then([coreIdeaChanged('Daily roast pool')]));

  it('names a numbered default too (a second new project)', () =>
    given([projectCreated({ name: 'New Viral Idea 2' })])
      .when(setIdea('Tip wall'))
      .then([coreIdeaChanged('Tip wall'), namedFromIdea('Tip wall', 'New Viral Idea 2')]));

  it('is named again from its core idea after a reset, under the free default name', () => {
    const reset: ResetProject = { ...resetProject(), data: { projectId, name: 'New Viral Idea 2' } };
    given([projectCreated(), projectRenamed('Roast Club'), coreIdeaChanged('Daily roast pool')])
      .when(reset)
      .then([{ ...projectReset(), data: { ...projectReset().data, name: 'New Viral Idea 2' } }]);
    given([projectCreated(), projectRenamed('Roast Club'), projectReset()])
      .when(setIdea('Tip wall'))
      .then([coreIdeaChanged('Tip wall'), namedFromIdea('Tip wall')]);
  });

  it("names a builder project from the builder's idea", () =>
    given([builderCreated()])
      .when(setBuilderIdea('Tip wall for buskers'))
      .then([builderCoreIdeaChanged('Tip wall for buskers'), namedFromIdea('Tip wall for buskers', 'My Viral Idea')]));
});
