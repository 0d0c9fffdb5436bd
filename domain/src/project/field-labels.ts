import { PARAMETER_LISTS, type ParameterListName } from './constants.ts';

/**
 * What a project's fields are called on the screens, for everything that names a field to people: a stage's
 * problems ('Reward Source: Add at least one…'), the history's changes. No zod here: the web app imports these
 * values (`@vis/domain/field-labels`) without pulling the domain's schemas into its bundle.
 */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  name: 'Project name',
  coreIdea: 'Core idea',
  ownerId: 'Owner',
  currentStageIndex: 'Current stage',
  aiKeyStatus: 'Gemini key status',
  aiKey: 'Project Gemini key',
  kind: 'Project kind',
  ...Object.fromEntries(Object.entries(PARAMETER_LISTS).map(([list, definition]) => [list, definition.title])),
  // Stage 1
  keyResources: 'Key resources',
  // Stage 2
  audienceSegments: 'Audience segments',
  caseStudies: 'Case studies',
  keyInsights: 'Key insights',
  identifiedCommunities: 'Identified communities',
  specificMechanics: 'Specific mechanics',
  rewardIntegrationPoints: 'Reward integration points',
  // Stage 3
  ideaConcepts: 'Idea concepts',
  selectedConceptIndex: 'Selected concept',
  // Stage 4
  selectedIdeaName: 'Selected idea',
  rewardSource: 'Reward source',
  rewardFlow: 'Reward flow',
  sustainabilityCheck: 'Sustainability check',
  externalitiesCheck: 'Externalities check',
  messagingStrategy: 'Messaging strategy',
  // Stage 5
  finalConceptName: 'Final concept name',
  oneLinerPitch: 'One-line pitch',
  detailedDescription: 'Detailed description',
  targetAudience: 'Target audience',
  webpageElements: 'Webpage elements',
  viralLoopExplained: 'Viral loop',
  sustainabilityLoopExplained: 'Sustainability loop',
  whyMicro: 'Why it stays micro',
  whyNoExternalities: 'Why it needs nothing outside',
  keyAssumptionsRisks: 'Key assumptions and risks',
  // Stage 6
  technicalReport: 'Technical report',
  finalPrompt: 'Final prompt',
  // The nine-step builder
  viralMechanics: 'Viral mechanics',
  completedSteps: 'Completed steps',
  currentStep: 'Current step',
  enhancedPrompt: 'Enhanced prompt',
  analysisReport: 'AI analysis report',
  finished: 'Finished',
};

/** The field's label, or undefined for a field the screens never name (an internal one). */
export const fieldLabel = (field: string): string | undefined => (Object.hasOwn(FIELD_LABELS, field) ? FIELD_LABELS[field] : undefined);

/** A parameter list's title as its card shows it. */
export const parameterListLabel = (list: ParameterListName): string => PARAMETER_LISTS[list].title;
