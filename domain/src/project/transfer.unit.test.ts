import { describe, expect, it } from 'vitest';
import { NotFoundError, ValidationError } from '../errors.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { metadata, now, owner, projectCreated, projectId, renameProject, stranger } from '../testing/project-fixtures.ts';
import { transferProjectSchema, type TransferProject } from './commands.ts';
import { projectDecider } from './decide.ts';

const given = deciderSpec(projectDecider);
const user = 'user-ann';
const transfer = (fromOwnerId = owner, actorId = user): TransferProject => ({
  type: 'TransferProject',
  data: { projectId, fromOwnerId },
  metadata: metadata(actorId),
});
const transferred = { type: 'ProjectTransferred', data: { projectId, fromOwnerId: owner, toOwnerId: user, transferredAt: now } } as const;

describe('TransferProject (a visitor signs in and keeps their projects)', () => {
  it("moves the visitor's project to the signed-in user", () => given([projectCreated()]).when(transfer()).then([transferred]));

  it("changes nothing when the project is already the user's (a second sign-in)", () =>
    given([projectCreated(), transferred]).when(transfer()).thenNothingHappened());

  it('after the move the user owns it and the visitor no longer does', () => {
    given([projectCreated(), transferred])
      .when(renameProject('Tip Jar', user))
      .then([expect.objectContaining({ type: 'ProjectRenamed' })] as never);
    given([projectCreated(), transferred]).when(renameProject('Tip Jar', owner)).thenThrows(NotFoundError, 'Project not found');
  });

  it("refuses to take another visitor's project, as if it did not exist", () =>
    given([projectCreated()]).when(transfer(stranger)).thenThrows(NotFoundError, 'Project not found'));

  it('refuses a project that does not exist', () => given([]).when(transfer()).thenThrows(NotFoundError, 'Project not found'));

  it('moves projects only to a signed-in user', () =>
    given([projectCreated()]).when(transfer(owner, 'visitor-someone')).thenThrows(ValidationError, 'Projects move only to a signed-in user'));

  it("takes only a visitor's projects", () => {
    expect(transferProjectSchema.safeParse({ projectId, fromOwnerId: 'user-bob' }).success).toBe(false);
    expect(transferProjectSchema.safeParse({ projectId, fromOwnerId: owner }).success).toBe(true);
  });
});
