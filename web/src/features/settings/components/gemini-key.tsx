import { Eye, EyeOff, KeyRound, Loader2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Input, Label } from '../../../components/ui/field.tsx';
import { cn } from '../../../lib/cn.ts';
import { useRemoveGeminiKey } from '../../../lib/ai/remove-gemini-key.ts';
import { useVerifyApiKey } from '../../../lib/ai/verify-api-key.ts';
import type { ProjectDetails } from '../../../lib/projects/get-project.ts';

type KeyStatus = ProjectDetails['aiApiStatus'];

const STATUS_STYLES: Record<KeyStatus, string> = {
  'Not Set': 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
  Pending: 'bg-amber-100 text-amber-800 dark:bg-amber-500/20 dark:text-amber-200',
  Valid: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-500/20 dark:text-emerald-200',
  Invalid: 'bg-red-100 text-red-800 dark:bg-red-500/20 dark:text-red-200',
};

/**
 * The project's own Gemini key (spec 01 §2 Settings, §4 'API key status'): Not Set, Pending while verifying,
 * then Valid or Invalid; a failed verification, the network's included, is Invalid. The key never comes back
 * from the server, so the field starts empty.
 */
export const GeminiKey = ({ projectId, status }: { projectId: string; status: KeyStatus }) => {
  const id = useId();
  const [apiKey, setApiKey] = useState('');
  const [visible, setVisible] = useState(false);
  const [failed, setFailed] = useState(false);
  const verify = useVerifyApiKey(projectId);
  const remove = useRemoveGeminiKey(projectId);
  const shown: KeyStatus = verify.isPending ? 'Pending' : failed ? 'Invalid' : status;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailed(false);
    verify.mutate(apiKey.trim(), { onSuccess: () => setApiKey(''), onError: () => setFailed(true) });
  };

  return (
    <Card aria-labelledby={`${id}-title`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-semibold">
          <KeyRound className="size-5 text-indigo-500" aria-hidden /> Gemini API Key
        </h2>
        <span
          role="status"
          aria-label={`Key status: ${shown}`}
          className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold', STATUS_STYLES[shown])}
        >
          {shown}
        </span>
      </div>
      <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
        With your own key the AI helper is free and unlimited. It is stored encrypted and never shown again.
      </p>
      <form onSubmit={submit} className="mt-4">
        <Label htmlFor={id}>API key</Label>
        <div className="mt-1 flex flex-wrap gap-2">
          <div className="relative min-w-0 flex-1">
            <Input
              id={id}
              type={visible ? 'text' : 'password'}
              value={apiKey}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => setApiKey(event.target.value)}
              placeholder={status === 'Not Set' ? 'Paste your Gemini API key' : 'Paste a new key to replace the current one'}
              className="pr-10 font-mono"
            />
            <button
              type="button"
              onClick={() => setVisible((value) => !value)}
              aria-label={visible ? 'Hide key' : 'Show key'}
              className="absolute top-1/2 right-2 -translate-y-1/2 rounded p-1 text-slate-500 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:hover:text-white"
            >
              {visible ? <EyeOff className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}
            </button>
          </div>
          <Button type="submit" disabled={apiKey.trim() === '' || verify.isPending}>
            {verify.isPending && <Loader2 className="size-4 animate-spin" aria-hidden />}
            Verify Key
          </Button>
          {status !== 'Not Set' && (
            <Button variant="ghost" onClick={() => remove.mutate(undefined, { onSuccess: () => setFailed(false) })} disabled={remove.isPending}>
              Remove Key
            </Button>
          )}
        </div>
      </form>
    </Card>
  );
};
