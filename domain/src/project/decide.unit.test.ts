import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError, ValidationError } from '../errors.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import {
  addParameter,
  auditFindingResolved,
  clearParameters,
  coreIdeaChanged,
  createProject,
  deleteProject,
  parameterAdded,
  parameterRemoved,
  parametersCleared,
  projectCreated,
  projectDeleted,
  projectRenamed,
  removeAuditedParameter,
  removeParameter,
  renameProject,
  report,
  setCoreIdea,
  stranger,
  technicalReportRecorded,
} from '../testing/project-fixtures.ts';
import { setGeminiKey } from '../testing/project-ai-fixtures.ts';
import { setBuilderCoreIdea } from '../testing/project-builder-fixtures.ts';
import { metadata, projectId } from '../testing/project-fixtures.ts';
import { DUPLICATE_PARAMETER_MESSAGE, LIST_FULL_MESSAGE, MAX_LIST_ITEMS } from './constants.ts';
import { projectDecider } from './decide.ts';

const given = deciderSpec(projectDecider);

describe('CreateProject', () => {
  const startingTriggers = ['one-page', 'no physical', 'realistic'];

  it("creates a project named 'New Viral Idea' with the variant C default parameters", () =>
    given([])
      .when(createProject())
      .then([projectCreated({ viralParameters: startingTriggers })]));

  it('keeps a given name and core idea, trimmed, and records who owns it', () =>
    given([])
      .when(createProject({ name: '  Tip Jar  ', coreIdea: ' a page that pays ' }, 'user-bob'))
      .then([projectCreated({ name: 'Tip Jar', coreIdea: 'a page that pays', ownerId: 'user-bob', viralParameters: startingTriggers })]));

  it('falls back to the default name when the name is blank', () =>
    given([])
      .when(createProject({ name: '   ' }))
      .then([projectCreated({ viralParameters: startingTriggers })]));

  it("starts stage 1 with the viral triggers 'one-page', 'no physical' and 'realistic'", () => {
    const [created] = projectDecider.decide(createProject(), projectDecider.initialState());
    const state = projectDecider.evolve(projectDecider.initialState(), created!);
    expect(state.status === 'active' && state.stages[1].viralParameters).toEqual(startingTriggers);
  });

  it('keeps a project created before starting triggers without them', () => {
    const state = projectDecider.evolve(projectDecider.initialState(), projectCreated());
    expect(state.status === 'active' && state.stages[1].viralParameters).toEqual([]);
  });

  it('refuses to create a project twice', () => given([projectCreated()]).when(createProject()).thenThrows(ConflictError));
});

describe('RenameProject', () => {
  it('renames to the trimmed name and keeps the previous one', () =>
    given([projectCreated()])
      .when(renameProject('  Tip Jar '))
      .then([projectRenamed('Tip Jar')]));

  it('does nothing for the same name', () =>
    given([projectCreated(), projectRenamed('Tip Jar')])
      .when(renameProject('Tip Jar '))
      .thenNothingHappened());

  it('refuses a blank name', () => given([projectCreated()]).when(renameProject('   ')).thenThrows(ValidationError, 'Project name is required'));
});

describe('DeleteProject', () => {
  it('deletes the project, naming it for the history', () =>
    given([projectCreated(), projectRenamed('Tip Jar')])
      .when(deleteProject())
      .then([projectDeleted('Tip Jar')]));

  it("reports another owner's project as missing", () => given([projectCreated()]).when(deleteProject(stranger)).thenThrows(NotFoundError));

  it('reports a project that was never created as missing', () => given([]).when(deleteProject()).thenThrows(NotFoundError));

  it('does nothing when the project is deleted already', () =>
    given([projectCreated(), projectDeleted()]).when(deleteProject()).thenNothingHappened());

  it('still reports a deleted project as missing to anyone but its owner', () =>
    given([projectCreated(), projectDeleted()]).when(deleteProject(stranger)).thenThrows(NotFoundError));

  it.each([
    ['RenameProject', renameProject('Tip Jar')],
    ['SetCoreIdea', setCoreIdea('a page')],
    ['AddParameter', addParameter()],
    ['RemoveAuditedParameter', removeAuditedParameter('Viral')],
    ['SetGeminiKey', setGeminiKey()],
    ['TransferProject', { type: 'TransferProject', data: { projectId, fromOwnerId: 'visitor-ann' }, metadata: metadata('user-ann') }],
  ] as const)('a deleted project refuses %s as not found', (_type, command) =>
    given([projectCreated(), projectDeleted()]).when(command).thenThrows(NotFoundError),
  );

  it('a deleted builder project refuses its builder steps as not found', () =>
    given([projectCreated({ kind: 'builder', name: 'My Viral Idea', coreIdea: '', parameters: [] }), projectDeleted('My Viral Idea')])
      .when(setBuilderCoreIdea('a wall of tips'))
      .thenThrows(NotFoundError));

  it('a deleted project cannot be created again under the same id', () =>
    given([projectCreated(), projectDeleted()]).when(createProject()).thenThrows(ConflictError));
});

describe('SetCoreIdea', () => {
  it('sets the trimmed core idea and keeps the previous one', () =>
    given([projectCreated({ coreIdea: 'old' })])
      .when(setCoreIdea(' a page that pays tippers '))
      .then([coreIdeaChanged('a page that pays tippers', 'old')]));

  it('may clear the core idea', () =>
    given([projectCreated({ coreIdea: 'old' })])
      .when(setCoreIdea('  '))
      .then([coreIdeaChanged('', 'old')]));

  it('does nothing for the same core idea', () =>
    given([projectCreated({ coreIdea: 'a page' })])
      .when(setCoreIdea(' a page '))
      .thenNothingHappened());
});

describe('AddParameter', () => {
  it('adds a trimmed parameter to the named list', () =>
    given([projectCreated()])
      .when(addParameter({ list: 'viralParameters', value: '  scarcity ' }))
      .then([parameterAdded({ list: 'viralParameters', value: 'scarcity' })]));

  it('adds to the global list by default', () =>
    given([projectCreated()])
      .when(addParameter({ value: 'FOMO' }))
      .then([parameterAdded({ value: 'FOMO' })]));

  it('drops a duplicate silently', () =>
    given([projectCreated(), parameterAdded({ list: 'viralParameters', value: 'scarcity' })])
      .when(addParameter({ list: 'viralParameters', value: 'scarcity' }))
      .thenNothingHappened());

  it('refuses a value differing from one in the list only in case, naming the value', () =>
    given([projectCreated(), parameterAdded({ list: 'viralParameters', value: 'FOMO' })])
      .when(addParameter({ list: 'viralParameters', value: 'fomo' }))
      .thenThrows(ValidationError, DUPLICATE_PARAMETER_MESSAGE));

  it('takes the same value in another case in another list', () =>
    given([projectCreated(), parameterAdded({ list: 'viralParameters', value: 'FOMO' })])
      .when(addParameter({ list: 'techParameters', value: 'fomo' }))
      .then([parameterAdded({ list: 'techParameters', value: 'fomo' })]));

  it('drops a default parameter added again', () =>
    given([projectCreated()])
      .when(addParameter({ value: 'Viral' }))
      .thenNothingHappened());

  it('accepts the same value in a different list', () =>
    given([projectCreated(), parameterAdded({ list: 'viralParameters', value: 'scarcity' })])
      .when(addParameter({ list: 'challengeParameters', value: 'scarcity' }))
      .then([parameterAdded({ list: 'challengeParameters', value: 'scarcity' })]));

  it('accepts a value again once it was removed', () =>
    given([projectCreated(), parameterAdded({ list: 'rewardSourceParameters' }), parameterRemoved({ list: 'rewardSourceParameters' })])
      .when(addParameter({ list: 'rewardSourceParameters' }))
      .then([parameterAdded({ list: 'rewardSourceParameters' })]));

  it('ignores an empty value', () =>
    given([projectCreated()])
      .when(addParameter({ value: '   ' }))
      .thenNothingHappened());

  it('refuses a one-character parameter', () =>
    given([projectCreated()])
      .when(addParameter({ value: ' x ' }))
      .thenThrows(ValidationError, 'Parameter must be at least 2 characters'));

  describe("a guided list's word cap (3, 4, 6 or 8 words)", () => {
    it.each([
      ['viralParameters', 'fear of missing'],
      ['micrositeParameters', 'the million dollar homepage'],
      ['challengeParameters', 'people may not trust new sites'],
      ['audienceReachParameters', 'short clips on every social site people use'],
    ] as const)('takes a %s value of exactly its cap: %j', (list, value) =>
      given([projectCreated()])
        .when(addParameter({ list, value }))
        .then([parameterAdded({ list, value })]),
    );

    it('refuses one word more, naming the field, the list and the cap, and writes nothing', () =>
      given([projectCreated()])
        .when(addParameter({ list: 'viralParameters', value: ' fear  of missing out ' }))
        .thenThrows(ValidationError, 'Common Viral Triggers: a parameter must be at most 3 words (it has 4)'));

    it("names the field 'value'", () => {
      const state = [projectCreated()].reduce(projectDecider.evolve, projectDecider.initialState());
      expect(() =>
        projectDecider.decide(addParameter({ list: 'audienceReachParameters', value: 'one two three four five six seven eight nine' }), state),
      ).toThrow(
        expect.objectContaining({
          field: 'value',
          title: 'Parameter too long',
          message: 'Audience Reach Strategies: a parameter must be at most 8 words (it has 9)',
        }),
      );
    });

    it("puts no cap on the project's own parameter tags", () =>
      given([projectCreated()])
        .when(addParameter({ value: 'a tag of more than eight words is still a tag' }))
        .then([parameterAdded({ value: 'a tag of more than eight words is still a tag' })]));
  });

  describe(`with ${MAX_LIST_ITEMS} values in the list`, () => {
    // The global list starts with the three defaults.
    const full = [projectCreated(), ...Array.from({ length: MAX_LIST_ITEMS - 3 }, (_, index) => parameterAdded({ value: `value ${index}` }))];

    it('refuses one more, naming the list', () =>
      given(full)
        .when(addParameter({ value: 'one too many' }))
        .thenThrows(ValidationError, LIST_FULL_MESSAGE));

    it('still drops a duplicate silently, and takes values in the other lists', () => {
      given(full)
        .when(addParameter({ value: 'value 7' }))
        .thenNothingHappened();
      given(full)
        .when(addParameter({ list: 'techParameters', value: 'nano wallet' }))
        .then([parameterAdded({ list: 'techParameters', value: 'nano wallet' })]);
    });

    it('takes a value again once one was removed', () =>
      given([...full, parameterRemoved({ value: 'value 0' })])
        .when(addParameter({ value: 'room again' }))
        .then([parameterAdded({ value: 'room again' })]));
  });
});

describe('RemoveParameter', () => {
  it('removes a value from a stage list', () =>
    given([projectCreated(), parameterAdded({ list: 'techParameters', value: 'nano wallet' })])
      .when(removeParameter({ list: 'techParameters', value: ' nano wallet ' }))
      .then([parameterRemoved({ list: 'techParameters', value: 'nano wallet' })]));

  it('removes a default parameter from the global list', () =>
    given([projectCreated()])
      .when(removeParameter({ value: 'Viral' }))
      .then([parameterRemoved({ value: 'Viral' })]));

  it('does nothing for a value that is not in the list', () =>
    given([projectCreated(), parameterAdded({ list: 'techParameters' })])
      .when(removeParameter({ list: 'micrositeParameters' }))
      .thenNothingHappened());
});

describe('ClearParameters', () => {
  it('clears a list and records the values it held', () =>
    given([
      projectCreated(),
      parameterAdded({ list: 'audienceTypeParameters', value: 'gamers' }),
      parameterAdded({ list: 'audienceTypeParameters', value: 'artists' }),
    ])
      .when(clearParameters('audienceTypeParameters'))
      .then([parametersCleared('audienceTypeParameters', ['gamers', 'artists'])]));

  it('clears the global list', () =>
    given([projectCreated()])
      .when(clearParameters())
      .then([parametersCleared('parameters', ['Viral', 'Simple Page', 'No Externalities'])]));

  it('does nothing for an empty list', () =>
    given([projectCreated(), parametersCleared('parameters', ['Viral', 'Simple Page', 'No Externalities'])])
      .when(clearParameters())
      .thenNothingHappened());
});

describe('RemoveAuditedParameter', () => {
  const audited = technicalReportRecorded(report([{ parameter: 'scarcity', reason: 'Scarcity needs a physical good' }]));

  it('removes it from the global list first', () =>
    given([projectCreated(), parameterAdded({ list: 'viralParameters' }), parameterAdded({ list: 'parameters' })])
      .when(removeAuditedParameter('scarcity'))
      .then([parameterRemoved({ list: 'parameters', reason: 'audit' })]));

  it('else from the first stage list holding it', () =>
    given([projectCreated(), parameterAdded({ list: 'rewardFlowParameters' }), parameterAdded({ list: 'closedLoopParameters' })])
      .when(removeAuditedParameter(' scarcity '))
      .then([parameterRemoved({ list: 'closedLoopParameters', reason: 'audit' })]));

  it("also resolves the audit's finding about it", () =>
    given([projectCreated(), parameterAdded({ list: 'viralParameters' }), audited])
      .when(removeAuditedParameter('scarcity'))
      .then([parameterRemoved({ list: 'viralParameters', reason: 'audit' }), auditFindingResolved('scarcity', 'Scarcity needs a physical good')]));

  it('refuses a parameter the project does not hold, even when the audit names it', () =>
    given([projectCreated(), audited])
      .when(removeAuditedParameter('scarcity'))
      .thenThrows(ValidationError, 'Could not find parameter in the project'));
});

describe('any command on a project', () => {
  it('answers not found for a project that does not exist', () => given([]).when(addParameter()).thenThrows(NotFoundError));

  it("answers not found for another owner's project", () => given([projectCreated()]).when(addParameter({}, stranger)).thenThrows(NotFoundError));
});
