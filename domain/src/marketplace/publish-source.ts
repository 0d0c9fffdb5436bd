import { cut } from '../project/text.ts';
import type { ActiveProjectState, ProjectState } from '../project/state.ts';
import type { PublishSource } from './commands.ts';
import { DEFAULT_PROJECT_NAME } from '../project/constants.ts';
import { MAX_IDEA_TEXT_LENGTH, SUGGESTED_TITLE_LENGTH } from './constants.ts';

const joined = (...lists: readonly (readonly string[])[]) => cut([...new Set(lists.flat())].join(', '), MAX_IDEA_TEXT_LENGTH);

/**
 * A guided project's listing description from its refinement (stage 5): the pitch and the detailed description,
 * then the page's headline and call to action. The page lines always fit: a long description is cut to leave them
 * room. Undefined when the project has none of these, so that the core idea stands in.
 */
const refinedDescription = (project: PublishableProject): string | undefined => {
  const { oneLinerPitch, detailedDescription, webpageElements } = project.stages[5];
  const page = [
    webpageElements.headline.trim() && `Headline: ${webpageElements.headline.trim()}`,
    webpageElements.cta.trim() && `Call to action: ${webpageElements.cta.trim()}`,
  ]
    .filter(Boolean)
    .join('\n');
  const own = [oneLinerPitch.trim(), detailedDescription.trim()].filter(Boolean).join('\n\n');
  if (own === '' && page === '') return undefined;
  const body = own || project.coreIdea.trim();
  if (page === '') return cut(body, MAX_IDEA_TEXT_LENGTH);
  const pageText = cut(page, MAX_IDEA_TEXT_LENGTH);
  const room = MAX_IDEA_TEXT_LENGTH - Array.from(pageText).length - 2;
  return body && room > 0 ? `${cut(body, room)}\n\n${pageText}` : pageText;
};

/** What publishing reads of a project: its folded state, or the projects read model's document of it. */
export type PublishableProject = Pick<ActiveProjectState, 'ownerId' | 'name' | 'coreIdea' | 'stages' | 'builder'>;

/** The first line of a text, cut to a title's length; '' for a blank one. */
const firstLine = (text: string) => cut(text.trim().split('\n')[0]!.trim(), SUGGESTED_TITLE_LENGTH);

/** The project's own name, unless it is still the default every new project gets (issue 26: "New Viral Idea"). */
const chosenName = (project: PublishableProject) => (project.name.trim() === DEFAULT_PROJECT_NAME ? '' : project.name.trim());

/**
 * The title an idea takes unless the person types another (issue 26): a guided project's final concept name
 * (stage 5), else its chosen concept's (stage 3); a builder project's idea; then the project's chosen name, the
 * core idea's first line, and last the project's name as it is.
 */
const suggestedTitle = (project: PublishableProject): string => {
  if (project.builder) return firstLine(project.builder.coreIdea) || chosenName(project) || project.name.trim();
  const { ideaConcepts, selectedConceptIndex } = project.stages[3];
  const concept = selectedConceptIndex === null ? undefined : ideaConcepts[selectedConceptIndex];
  return (
    firstLine(project.stages[5].finalConceptName) ||
    firstLine(concept?.name ?? '') ||
    chosenName(project) ||
    firstLine(project.coreIdea) ||
    project.name.trim()
  );
};

/**
 * What a project offers a publication that leaves fields out: its suggested title, its core idea, and the text forms of
 * its viral-trigger, technology and sustainability lists (spec 02 §3 publishes commonViralTriggers,
 * coreTechUnderstanding and closedLoopPrinciples), and a guided project's refined description (its pitch, description,
 * headline and call to action); a builder project's come from its builder. Null for a project
 * that does not exist.
 */
export const publishSourceOf = (project: ProjectState): PublishSource | null => (project.status === 'active' ? publishSourceFrom(project) : null);

/** The same from a project known to exist (the query API's document of it). */
export const publishSourceFrom = (project: PublishableProject): PublishSource => {
  const { builder } = project;
  // The builder's completion view summarises the same three (spec 02 §2.6): its viral mechanics are its triggers.
  if (builder) {
    return {
      ownerId: project.ownerId,
      title: suggestedTitle(project),
      coreIdea: cut(builder.coreIdea, MAX_IDEA_TEXT_LENGTH),
      viralTriggers: cut(builder.viralMechanics, MAX_IDEA_TEXT_LENGTH),
      techFramework: joined(builder.categories.technical.params),
      sustainability: joined(builder.categories.sustainability.params),
    };
  }
  const research = project.stages[1];
  const description = refinedDescription(project);
  return {
    ownerId: project.ownerId,
    title: suggestedTitle(project),
    coreIdea: cut(project.coreIdea, MAX_IDEA_TEXT_LENGTH),
    viralTriggers: joined(research.viralParameters),
    techFramework: joined(research.techParameters),
    sustainability: joined(research.closedLoopParameters, project.stages[2].sustainabilityParameters),
    ...(description === undefined ? {} : { description }),
  };
};
