import { technicalReportSchema } from '@vis/domain';
import { answerAsJson, describeContext, PRODUCT_BRIEF } from './context.ts';
import { definePrompt } from './prompt-module.ts';

/** The sixth, technical stage's report (spec 01 §3 "Technical report"). */
export const technicalReportPrompt = definePrompt({
  use: 'technicalReport',
  version: 'technical-report@2',
  build: ({ context }) =>
    [
      PRODUCT_BRIEF,
      describeContext(context),
      'Write a technical report for building this idea: the selected concept, its pitch and description, and the page with its headline and call to action where given. Also audit its parameters: list any that contradict each other or the idea, with the reason.',
      answerAsJson(
        JSON.stringify({
          technicalSpecifications: { architecture: '', frontend: '', backend: '', database: '', api: '', security: '', scalability: '' },
          prototypeStructure: { mvpDefinition: '', coreFeatures: [''], implementation: '', timeline: '', testing: '' },
          implementationPlan: { phases: [''], resources: [''], roadmap: '', risks: [''], metrics: [''] },
          parameterAudit: { incompatibleParameters: [{ parameter: '', reason: '' }] },
          detailedIdea: '',
        }),
      ),
    ].join('\n\n'),
  output: technicalReportSchema,
});
