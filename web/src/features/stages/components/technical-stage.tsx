import type { TechnicalReport } from '@vis/domain';
import { ArrowLeft, ArrowRight, Download, FileText, Loader2 } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { AutoProgressNotice } from '../../../components/auto-progress-notice.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useAutoProgress } from '../../../lib/auto-progress.ts';
import { Card } from '../../../components/ui/card.tsx';
import { downloadText, fileStem } from '../../../lib/download.ts';
import { useGenerateReport } from '../../../lib/ai/use-generate-report.ts';
import { stageOf, type ProjectResponse } from '../../../lib/projects/get-project.ts';
import { reportToMarkdown } from '../../../lib/report-markdown.ts';
import { fieldLabel } from '../../../lib/flow/flow.ts';

const Section = ({ title, fields }: { title: string; fields: Record<string, string | string[]> }) => (
  <Card aria-label={title}>
    <h3 className="font-semibold">{title}</h3>
    <dl className="mt-2 grid gap-2 text-sm sm:grid-cols-2">
      {Object.entries(fields).map(([field, value]) => (
        <div key={field} className="rounded-lg bg-slate-50 p-2 dark:bg-slate-800/60">
          <dt className="text-xs font-semibold text-slate-500 dark:text-slate-400">{field === 'api' ? 'API' : fieldLabel(field)}</dt>
          <dd className="mt-0.5 break-words whitespace-pre-line">
            {(Array.isArray(value) ? value.join('\n') : value) || <span className="text-slate-600 italic dark:text-slate-400">not specified</span>}
          </dd>
        </div>
      ))}
    </dl>
  </Card>
);

const ReportSections = ({ report }: { report: TechnicalReport }) => (
  <>
    {report.detailedIdea && (
      <Card aria-label="Detailed idea">
        <h3 className="font-semibold">Detailed Idea</h3>
        <p className="mt-2 text-sm whitespace-pre-line">{report.detailedIdea}</p>
      </Card>
    )}
    <Section title="Technical Specifications" fields={report.technicalSpecifications} />
    <Section title="Prototype Structure" fields={report.prototypeStructure} />
    <Section title="Implementation Plan" fields={report.implementationPlan} />
  </>
);

/** Stage 6, the optional technical stage (spec 01 §1 variant C): the technical report, generated and kept. */
export const TechnicalStageScreen = ({ response }: { response: ProjectResponse }) => {
  const { project } = response;
  const report = stageOf(response, 6).data.technicalReport;
  const { generate, generating } = useGenerateReport(project.id);
  const navigate = useNavigate();
  const autoProgress = useAutoProgress();
  // The report is the last thing the stages make: once it is kept, the results are the natural next page.
  const generateThenMoveOn = async () => {
    if (await generate()) autoProgress.schedule({ path: '/summary', label: 'your results' });
  };
  return (
    <>
      <Card>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h2 className="flex items-center gap-2 text-lg font-semibold">
              <FileText className="size-5 text-indigo-500" aria-hidden /> Technical Report
            </h2>
            <p className="text-sm text-slate-500 dark:text-slate-400">
              {report ? 'Generate again to replace it with a fresh one.' : 'No report yet: the AI writes it from everything the stages hold.'}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            {report && (
              <Button
                variant="secondary"
                onClick={() => downloadText(`${fileStem(project.name)}-technical-report.md`, reportToMarkdown(project.name, report), 'text/markdown')}
              >
                <Download className="size-4" aria-hidden /> Download Report
              </Button>
            )}
            <Button onClick={() => void generateThenMoveOn()} disabled={generating}>
              {generating && <Loader2 className="size-4 animate-spin" aria-hidden />}
              {generating ? 'Generating...' : 'Generate Technical Report'}
            </Button>
          </div>
        </div>
      </Card>
      <AutoProgressNotice pending={autoProgress.pending} onStay={autoProgress.cancel} />
      {report && <ReportSections report={report} />}
      <nav aria-label="Stage navigation" className="flex items-center justify-between gap-3 border-t border-slate-200 pt-6 dark:border-slate-800">
        <Button variant="secondary" onClick={() => void navigate('/stage-5')}>
          <ArrowLeft className="size-4" aria-hidden /> Previous Part
        </Button>
        <Button onClick={() => void navigate('/summary')}>
          <span className="sm:hidden">Results</span>
          <span className="hidden sm:inline">See My Results</span>
          <ArrowRight className="size-4" aria-hidden />
        </Button>
      </nav>
    </>
  );
};
