import { describe, expect, it } from 'vitest';
import { ValidationError } from '../errors.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import {
  recordVisitorProjectSchema,
  visitorProjectsDecider,
  type AdoptVisitorProjects,
  type RecordVisitorProject,
  type VisitorProjectRecorded,
  type VisitorProjectsAdopted,
} from './visitor-projects.ts';

const given = deciderSpec(visitorProjectsDecider);
const visitor = 'visitor-ann';
const user = 'user-ann';
const now = '2026-11-27T08:00:00.000Z';
const metadata = (actorId: string) => ({ commandId: 'c-1', now, actorId });

const record = (projectId = 'p-1', actorId = visitor): RecordVisitorProject => ({
  type: 'RecordVisitorProject',
  data: { visitorId: visitor, projectId },
  metadata: metadata(actorId),
});
const adopt = (actorId = user): AdoptVisitorProjects => ({ type: 'AdoptVisitorProjects', data: { visitorId: visitor }, metadata: metadata(actorId) });
const recorded = (projectId = 'p-1'): VisitorProjectRecorded => ({
  type: 'VisitorProjectRecorded',
  data: { visitorId: visitor, projectId, recordedAt: now },
});
const adopted = (userId = user): VisitorProjectsAdopted => ({ type: 'VisitorProjectsAdopted', data: { visitorId: visitor, userId, adoptedAt: now } });

describe('RecordVisitorProject', () => {
  it('lists a project the visitor created', () => given([]).when(record()).then([recorded()]));

  it('lists a project once, whatever retries the creating request makes', () => given([recorded()]).when(record()).thenNothingHappened());

  it('lists nothing once a sign-in took the list: the creating request moves that project to the user itself', () =>
    given([recorded(), adopted()]).when(record('p-2')).thenNothingHappened());

  it("refuses to list a project in another visitor's list", () =>
    given([]).when(record('p-1', 'visitor-bob')).thenThrows(ValidationError, 'A visitor records only its own projects'));

  it("keeps only visitors' lists: a user's projects are never adopted", () =>
    expect(recordVisitorProjectSchema.safeParse({ visitorId: 'user-bob', projectId: 'p-1' }).success).toBe(false));
});

describe('AdoptVisitorProjects', () => {
  it('closes the list for the user signing in', () =>
    given([recorded(), recorded('p-2')])
      .when(adopt())
      .then([adopted()]));

  it('is taken by the first sign-in only: a second one, by anyone, takes nothing', () => {
    given([recorded(), adopted()]).when(adopt()).thenNothingHappened();
    given([recorded(), adopted()]).when(adopt('user-cy')).thenNothingHappened();
  });

  it('goes only to a signed-in user', () =>
    given([recorded()]).when(adopt('visitor-bob')).thenThrows(ValidationError, 'Projects move only to a signed-in user'));

  it('leaves the state saying which projects and who took them', () =>
    expect([recorded(), recorded('p-2'), adopted()].reduce(visitorProjectsDecider.evolve, visitorProjectsDecider.initialState())).toEqual({
      projectIds: ['p-1', 'p-2'],
      adoptedBy: user,
    }));
});
