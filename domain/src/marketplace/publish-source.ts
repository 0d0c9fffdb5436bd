import { cut } from '../project/text.ts';
import type { ProjectState } from '../project/state.ts';
import type { PublishSource } from './commands.ts';
import { MAX_IDEA_TEXT_LENGTH } from './constants.ts';

const joined = (...lists: readonly (readonly string[])[]) => cut([...new Set(lists.flat())].join(', '), MAX_IDEA_TEXT_LENGTH);

/**
 * What a project offers a publication that leaves fields out: its name, its core idea, and the text forms of
 * its viral-trigger, technology and sustainability lists (spec 02 §3 publishes commonViralTriggers,
 * coreTechUnderstanding and closedLoopPrinciples); a builder project's come from its builder. Null for a project
 * that does not exist.
 */
export const publishSourceOf = (project: ProjectState): PublishSource | null => {
  if (project.status !== 'active') return null;
  const { builder } = project;
  // The builder's completion view summarises the same three (spec 02 §2.6): its viral mechanics are its triggers.
  if (builder) {
    return {
      ownerId: project.ownerId,
      name: project.name,
      coreIdea: cut(builder.coreIdea, MAX_IDEA_TEXT_LENGTH),
      viralTriggers: cut(builder.viralMechanics, MAX_IDEA_TEXT_LENGTH),
      techFramework: joined(builder.categories.technical.params),
      sustainability: joined(builder.categories.sustainability.params),
    };
  }
  const research = project.stages[1];
  return {
    ownerId: project.ownerId,
    name: project.name,
    coreIdea: cut(project.coreIdea, MAX_IDEA_TEXT_LENGTH),
    viralTriggers: joined(research.viralParameters),
    techFramework: joined(research.techParameters),
    sustainability: joined(research.closedLoopParameters, project.stages[2].sustainabilityParameters),
  };
};
