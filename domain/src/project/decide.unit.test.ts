import { describe, it } from 'vitest';
import { ConflictError, NotFoundError, ValidationError } from '../errors.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import type { AddParameter, CreateProject } from './commands.ts';
import { projectDecider } from './decide.ts';
import type { ParameterAdded, ProjectCreated } from './events.ts';

const projectId = '3f1d6a52-54a6-4c5e-9c3a-0d2f8b9e7a10';
const owner = 'visitor-ann';
const now = '2026-11-23T10:00:00.000Z';
const metadata = (actorId = owner) => ({ commandId: 'cmd-1', now, actorId });

const createProject = (data: Partial<CreateProject['data']> = {}, actorId = owner): CreateProject => ({
  type: 'CreateProject',
  data: { projectId, ...data },
  metadata: metadata(actorId),
});
const addParameter = (data: Partial<AddParameter['data']>, actorId = owner): AddParameter => ({
  type: 'AddParameter',
  data: { projectId, list: 'parameters', value: 'scarcity', ...data },
  metadata: metadata(actorId),
});
const projectCreated = (data: Partial<ProjectCreated['data']> = {}): ProjectCreated => ({
  type: 'ProjectCreated',
  data: { projectId, ownerId: owner, name: 'New Viral Idea', coreIdea: '', parameters: ['Viral', 'Simple Page', 'No Externalities'], createdAt: now, ...data },
});
const parameterAdded = (data: Partial<ParameterAdded['data']>): ParameterAdded => ({
  type: 'ParameterAdded',
  data: { projectId, list: 'parameters', value: 'scarcity', addedAt: now, ...data },
});

const given = deciderSpec(projectDecider);

describe('CreateProject', () => {
  it("creates a project named 'New Viral Idea' with the variant C default parameters", () =>
    given([]).when(createProject()).then([projectCreated()]));

  it('keeps a given name and core idea, trimmed, and records who owns it', () =>
    given([])
      .when(createProject({ name: '  Tip Jar  ', coreIdea: ' a page that pays ' }, 'user-bob'))
      .then([projectCreated({ name: 'Tip Jar', coreIdea: 'a page that pays', ownerId: 'user-bob' })]));

  it('falls back to the default name when the name is blank', () =>
    given([]).when(createProject({ name: '   ' })).then([projectCreated()]));

  it('refuses to create a project twice', () =>
    given([projectCreated()]).when(createProject()).thenThrows(ConflictError));
});

describe('AddParameter', () => {
  it('adds a trimmed parameter to the named list', () =>
    given([projectCreated()])
      .when(addParameter({ list: 'viralParameters', value: '  scarcity ' }))
      .then([parameterAdded({ list: 'viralParameters', value: 'scarcity' })]));

  it('adds to the global list by default', () =>
    given([projectCreated()]).when(addParameter({ value: 'FOMO' })).then([parameterAdded({ value: 'FOMO' })]));

  it('drops a duplicate silently', () =>
    given([projectCreated(), parameterAdded({ list: 'viralParameters', value: 'scarcity' })])
      .when(addParameter({ list: 'viralParameters', value: 'scarcity' }))
      .thenNothingHappened());

  it('drops a default parameter added again', () =>
    given([projectCreated()]).when(addParameter({ value: 'Viral' })).thenNothingHappened());

  it('accepts the same value in a different list', () =>
    given([projectCreated(), parameterAdded({ list: 'viralParameters', value: 'scarcity' })])
      .when(addParameter({ list: 'challengeParameters', value: 'scarcity' }))
      .then([parameterAdded({ list: 'challengeParameters', value: 'scarcity' })]));

  it('ignores an empty value', () => given([projectCreated()]).when(addParameter({ value: '   ' })).thenNothingHappened());

  it('refuses a one-character parameter', () =>
    given([projectCreated()])
      .when(addParameter({ value: ' x ' }))
      .thenThrows(ValidationError, 'Parameter must be at least 2 characters'));

  it('answers not found for a project that does not exist', () =>
    given([]).when(addParameter({})).thenThrows(NotFoundError));

  it("answers not found for another owner's project", () =>
    given([projectCreated()]).when(addParameter({}, 'visitor-mallory')).thenThrows(NotFoundError));
});
