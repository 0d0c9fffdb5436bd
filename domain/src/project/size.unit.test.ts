import { describe, expect, it } from 'vitest';
import { ValidationError } from '../errors.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import {
  addParameter,
  coreIdeaChanged,
  createProject,
  projectCreated,
  setCoreIdea,
  stageNotesUpdated,
  updateStageNotes,
} from '../testing/project-fixtures.ts';
import type { ProjectCommand } from './commands.ts';
import { projectDecider } from './decide.ts';
import type { ProjectEvent } from './events.ts';
import { MAX_PROJECT_BYTES, PROJECT_FULL_MESSAGE, projectContentBytes } from './size.ts';

const given = deciderSpec(projectDecider);
const caseStudy = (summary: string) => ({ projectName: 'Tip Wall', summary, successFactors: '', failures: '', link: '' });
/** Case studies have no count bound of their own: the way a project grows past every per-field bound. */
const caseStudies = (count: number) => Array.from({ length: count }, () => caseStudy('x'.repeat(20_000)));
const withCaseStudies = (count: number) => [projectCreated(), stageNotesUpdated(2, { caseStudies: caseStudies(count) }, { caseStudies: [] })];
const sizeOf = (events: ProjectEvent[]) => projectContentBytes(events.reduce(projectDecider.evolve, projectDecider.initialState()));
const refusal = (events: ProjectEvent[], command: ProjectCommand) => {
  try {
    projectDecider.decide(command, events.reduce(projectDecider.evolve, projectDecider.initialState()));
  } catch (error) {
    return error;
  }
  throw new Error('the command was accepted');
};

describe('a project is at most MAX_PROJECT_BYTES', () => {
  // 100 case studies of 20,000 characters: just under 2 MiB.
  const nearlyFull = withCaseStudies(100);

  it('starts well under it and counts text as UTF-8', () => {
    expect(sizeOf(nearlyFull)).toBeGreaterThan(MAX_PROJECT_BYTES - 100_000);
    expect(sizeOf(nearlyFull)).toBeLessThan(MAX_PROJECT_BYTES);
    expect(sizeOf([projectCreated(), coreIdeaChanged('é漢😀')]) - sizeOf([projectCreated(), coreIdeaChanged('abcd')])).toBe(2 + 3 + 4 - 4);
  });

  it('takes a change that keeps the project within it', () =>
    given(nearlyFull)
      .when(updateStageNotes(2, { keyInsights: 'x'.repeat(20_000) }))
      .then([stageNotesUpdated(2, { keyInsights: 'x'.repeat(20_000) }, { keyInsights: '' })]));

  it('refuses one that would take it past, naming the field that carries the most, and decides nothing', () => {
    const command = updateStageNotes(5, { oneLinerPitch: 'Tips that travel', targetAudience: Array.from({ length: 5 }, () => 'x'.repeat(20_000)) });
    given(nearlyFull).when(command).thenThrows(ValidationError, PROJECT_FULL_MESSAGE);
    expect(refusal(nearlyFull, command)).toMatchObject({ field: 'fields.targetAudience', title: 'Project too large' });
  });

  it('lets a project already past it (from before the limit) shrink or stay, but not grow', () => {
    const tooLarge = withCaseStudies(110);
    expect(sizeOf(tooLarge)).toBeGreaterThan(MAX_PROJECT_BYTES);
    given(tooLarge)
      .when(updateStageNotes(2, { caseStudies: caseStudies(50) }))
      .then([stageNotesUpdated(2, { caseStudies: caseStudies(50) }, { caseStudies: caseStudies(110) })]);
    given(tooLarge).when(setCoreIdea('A wall of tips')).thenThrows(ValidationError, PROJECT_FULL_MESSAGE);
    expect(refusal(tooLarge, setCoreIdea('A wall of tips'))).toMatchObject({ field: 'coreIdea' });
  });
});

/**
 * Commands decided one after another on the decider's own fold, as the command handler runs them: each state then
 * comes with the size bound its predecessor carried, so most checks settle on the bound, not on a count.
 */
const decidedInSequence = (commands: ProjectCommand[]) => {
  let state = projectDecider.initialState();
  const outcomes = commands.map((command) => {
    try {
      const events = projectDecider.decide(command, state);
      state = events.reduce(projectDecider.evolve, state);
      return events.length;
    } catch (error) {
      return error instanceof ValidationError ? error.message : error;
    }
  });
  return { outcomes, size: projectContentBytes(state) };
};

describe('the size check on a project that grows command by command', () => {
  it('takes it up to the limit and refuses the change that would pass it, as an exact count does', () => {
    // 104 case studies leave a few KB, which parameters of 150 characters each then take up, and more.
    const headroom = MAX_PROJECT_BYTES - sizeOf([projectCreated(), stageNotesUpdated(2, { caseStudies: caseStudies(104) }, { caseStudies: [] })]);
    expect(headroom).toBeGreaterThan(2_000);
    expect(headroom).toBeLessThan(8_000);
    const parameters = Array.from({ length: 60 }, (_, n) => addParameter({ value: `${'p'.repeat(150)} ${n}` }));
    const { outcomes, size } = decidedInSequence([createProject(), updateStageNotes(2, { caseStudies: caseStudies(104) }), ...parameters]);
    const firstRefused = outcomes.indexOf(PROJECT_FULL_MESSAGE);
    expect(firstRefused).toBeGreaterThan(10);
    expect(outcomes.slice(0, firstRefused)).toEqual(outcomes.slice(0, firstRefused).map(() => 1));
    expect(outcomes.slice(firstRefused)).toEqual(outcomes.slice(firstRefused).map(() => PROJECT_FULL_MESSAGE));
    // Within the limit, and too close to it for one more parameter (about 160 bytes each).
    expect(size).toBeLessThanOrEqual(MAX_PROJECT_BYTES);
    expect(MAX_PROJECT_BYTES - size).toBeLessThan(170);
  });

  it('lets a small project take many small changes without ever refusing one', () => {
    const commands = [createProject(), ...Array.from({ length: 300 }, (_, n) => addParameter({ value: `parameter ${n}` }))];
    expect(decidedInSequence(commands).outcomes).toEqual(commands.map(() => 1));
  });
});
