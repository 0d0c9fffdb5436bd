import type { TechnicalReport } from '@vis/domain';

const section = (title: string, fields: Record<string, string | string[]>) =>
  [
    `## ${title}`,
    ...Object.entries(fields).map(([field, value]) => {
      const label = field.replace(/([A-Z])/g, ' $1').replace(/^./, (first) => first.toUpperCase());
      const body = Array.isArray(value) ? value.map((item) => `- ${item}`).join('\n') : value;
      return `### ${label}\n\n${body.trim() || '_Not specified_'}`;
    }),
  ].join('\n\n');

/** The report as the Markdown file the summary downloads (`<name>-technical-report.md`). */
export const reportToMarkdown = (projectName: string, report: TechnicalReport) =>
  [
    `# ${projectName}: Technical Report`,
    report.detailedIdea.trim() ? `## Detailed Idea\n\n${report.detailedIdea}` : '',
    section('Technical Specifications', report.technicalSpecifications),
    section('Prototype Structure', report.prototypeStructure),
    section('Implementation Plan', report.implementationPlan),
    `## Parameter Audit\n\n${
      report.parameterAudit.incompatibleParameters.map((finding) => `- **${finding.parameter}**: ${finding.reason}`).join('\n') ||
      'No incompatible parameters found.'
    }`,
  ]
    .filter(Boolean)
    .join('\n\n') + '\n';
