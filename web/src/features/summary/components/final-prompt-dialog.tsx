import type { IncompatibleParameter } from '@vis/domain';
import { Copy, Download, Loader2, RefreshCw, ShieldCheck, Trash2, Wand2 } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { DialogContent } from '../../../components/ui/dialog.tsx';

export interface FinalPromptDialogProps {
  prompt: string;
  findings: IncompatibleParameter[];
  removed: string[];
  busy: 'audit' | 'modify' | null;
  removing: string | null;
  onCopy: () => void;
  onDownload: () => void;
  onAudit: () => void;
  onRemove: (parameter: string) => void;
  onModify: () => void;
}

/** Spec 01 §2 Summary: the generated prompt with Copy and Download, and the Parameter Compatibility Audit. */
export const FinalPromptDialog = ({
  prompt,
  findings,
  removed,
  busy,
  removing,
  onCopy,
  onDownload,
  onAudit,
  onRemove,
  onModify,
}: FinalPromptDialogProps) => (
  <DialogContent title="Your Final Prompt" description="Paste it into your favourite AI builder to create the page." className="max-w-2xl">
    <pre
      className="max-h-72 overflow-y-auto rounded-xl bg-slate-100 p-4 text-sm whitespace-pre-wrap dark:bg-slate-950"
      tabIndex={0}
      aria-label="Final prompt"
    >
      {prompt}
    </pre>
    <div className="mt-3 flex flex-wrap gap-2">
      <Button variant="secondary" onClick={onCopy}>
        <Copy className="size-4" aria-hidden /> Copy to Clipboard
      </Button>
      <Button variant="secondary" onClick={onDownload}>
        <Download className="size-4" aria-hidden /> Download as Text
      </Button>
    </div>

    <section aria-labelledby="audit-title" className="mt-6 rounded-xl border border-slate-200 p-4 dark:border-slate-700">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="audit-title" className="flex items-center gap-2 font-semibold">
          <ShieldCheck className="size-4 text-emerald-500" aria-hidden /> Parameter Compatibility Audit
        </h3>
        {findings.length > 0 && (
          <Button size="sm" variant="ghost" onClick={onAudit} disabled={busy !== null}>
            {busy === 'audit' ? <Loader2 className="size-3.5 animate-spin" aria-hidden /> : <RefreshCw className="size-3.5" aria-hidden />}
            Audit Again
          </Button>
        )}
      </div>
      {findings.length > 0 ? (
        <ul aria-label="Incompatible parameters" className="mt-3 space-y-2">
          {findings.map((finding) => (
            <li key={finding.parameter} className="flex items-start justify-between gap-3 rounded-lg bg-amber-50 p-3 text-sm dark:bg-amber-500/10">
              <div className="min-w-0">
                <p className="font-medium text-amber-900 dark:text-amber-100">{finding.parameter}</p>
                <p className="text-amber-800 dark:text-amber-200/80">{finding.reason}</p>
              </div>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => onRemove(finding.parameter)}
                disabled={removing !== null}
                aria-label={`Remove ${finding.parameter}`}
              >
                <Trash2 className="size-3.5" aria-hidden /> Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-slate-500 dark:text-slate-400">No incompatible parameters found.</p>
          <Button size="sm" variant="secondary" onClick={onAudit} disabled={busy !== null}>
            {busy === 'audit' ? <Loader2 className="size-3.5 animate-spin" aria-hidden /> : <ShieldCheck className="size-3.5" aria-hidden />}
            {busy === 'audit' ? 'Auditing...' : 'Audit Parameters'}
          </Button>
        </div>
      )}
      {removed.length > 0 && (
        <div className="mt-3 flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 pt-3 dark:border-slate-700">
          <p className="text-xs text-slate-500 dark:text-slate-400">Removed: {removed.join(', ')}</p>
          <Button size="sm" onClick={onModify} disabled={busy !== null}>
            {busy === 'modify' ? <Loader2 className="size-3.5 animate-spin" aria-hidden /> : <Wand2 className="size-3.5" aria-hidden />}
            {busy === 'modify' ? 'Generating...' : 'Generate Modified Prompt'}
          </Button>
        </div>
      )}
    </section>
  </DialogContent>
);
