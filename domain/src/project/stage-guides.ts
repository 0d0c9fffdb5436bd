import { STAGE_TITLES, type StageNumber } from './stages.ts';

/**
 * The fixed text of each stage screen (spec §2 'Common stage layout', §3 Stage: title, objective, process,
 * output format, simulated model). The spec names these fields but not their words; these are ours.
 */
export interface StageGuide {
  stageNumber: StageNumber;
  title: string;
  objective: string;
  /** 'What This Part Does:' */
  process: string;
  /** 'You'll Get:' */
  outputFormat: string;
  /** 'AI Helper:' */
  simulatedModel: string;
}

const AI_HELPER = 'Gemini with your own key, or the built-in offline generator';

export const STAGE_GUIDES: Readonly<Record<StageNumber, StageGuide>> = {
  1: {
    stageNumber: 1,
    title: STAGE_TITLES[1],
    objective: 'Understand what makes a one-page idea spread and pay for itself.',
    process: 'Collects viral triggers, successful microsites, closed-loop principles, the core technology and the likely challenges.',
    outputFormat: 'Five parameter lists and a list of key resources.',
    simulatedModel: AI_HELPER,
  },
  2: {
    stageNumber: 2,
    title: STAGE_TITLES[2],
    objective: 'Find where the rewards come from, how they flow, and who will care.',
    process: 'Weighs reward sources and flows, checks sustainability and externalities, and defines audience segments.',
    outputFormat: 'Seven parameter lists, audience segments with reach strategies, case studies and key insights.',
    simulatedModel: AI_HELPER,
  },
  3: {
    stageNumber: 3,
    title: STAGE_TITLES[3],
    objective: 'Turn the research into concrete, simple idea concepts and pick one.',
    process: 'Proposes idea concepts with a simplicity score from 0 to 5 and lets you select the strongest.',
    outputFormat: 'A ranked list of concepts and the selected concept.',
    simulatedModel: AI_HELPER,
  },
  4: {
    stageNumber: 4,
    title: STAGE_TITLES[4],
    objective: 'Design the mechanics that keep the loop closed and self-funding.',
    process: 'Specifies the reward source, the reward flow, a sustainability check and an externalities check.',
    outputFormat: 'The mechanics of the selected idea, written out.',
    simulatedModel: AI_HELPER,
  },
  5: {
    stageNumber: 5,
    title: STAGE_TITLES[5],
    objective: 'Refine the concept into a one-page pitch anyone can understand.',
    process: 'Writes the final concept: pitch, description, audience, page elements, and the viral and sustainability loops.',
    outputFormat: 'A final concept ready for the summary and the final prompt.',
    simulatedModel: AI_HELPER,
  },
  6: {
    stageNumber: 6,
    title: STAGE_TITLES[6],
    objective: 'Check that the idea can be built, and how.',
    process: 'Produces a technical report: specifications, prototype structure, implementation plan and a parameter audit.',
    outputFormat: 'A technical report you can download as Markdown.',
    simulatedModel: AI_HELPER,
  },
};
