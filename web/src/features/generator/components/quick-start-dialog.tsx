import { Rocket } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog.tsx';
import { Label, Textarea } from '../../../components/ui/field.tsx';
import { RadioCard } from '../../../components/ui/radio-card.tsx';
import type { QuickStartTarget } from '../../../lib/ai/quick-generate-idea.ts';
import { useToast } from '../../../lib/toast.tsx';

const TARGETS: { value: QuickStartTarget; label: string; hint: string }[] = [
  { value: 'fill', label: 'Fill this project', hint: 'Adds to what is empty here; nothing you wrote is replaced.' },
  { value: 'new', label: 'Start a new project', hint: 'Drafts every stage in a new project and opens it.' },
];

/**
 * Spec 01 §2 Quick Start: a core idea in, every stage drafted, into this project (the default) or a new one; the
 * server writes either. An empty idea is refused (§5 'Empty idea').
 */
export const QuickStartDialog = ({ busy, onStart }: { busy: boolean; onStart: (coreIdea: string, target: QuickStartTarget) => Promise<boolean> }) => {
  const [open, setOpen] = useState(false);
  const [idea, setIdea] = useState('');
  const [target, setTarget] = useState<QuickStartTarget>('fill');
  const toast = useToast();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!idea.trim()) {
      toast({ title: 'Empty idea', description: 'Please enter a core idea to get started.', variant: 'destructive' });
      return;
    }
    if (await onStart(idea.trim(), target)) {
      setOpen(false);
      setIdea('');
      setTarget('fill');
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="secondary">
          <Rocket className="size-4" aria-hidden /> Quick Start
        </Button>
      </DialogTrigger>
      <DialogContent title="Quick Start" description="Describe your idea in a sentence; the AI drafts every stage.">
        <form onSubmit={(event) => void submit(event)} className="space-y-4">
          <div>
            <Label htmlFor="quick-idea">Core idea</Label>
            <Textarea
              id="quick-idea"
              className="mt-1"
              value={idea}
              onChange={(event) => setIdea(event.target.value)}
              placeholder="A one-page game where..."
            />
          </div>
          <fieldset>
            <legend className="text-sm font-medium">Where the idea goes</legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {TARGETS.map((option) => (
                <RadioCard
                  key={option.value}
                  name="quick-start-target"
                  value={option.value}
                  checked={target === option.value}
                  onSelect={() => setTarget(option.value)}
                  disabled={busy}
                >
                  <span className="block font-medium">{option.label}</span>
                  <span className="block text-sm text-slate-600 dark:text-slate-300">{option.hint}</span>
                </RadioCard>
              ))}
            </div>
          </fieldset>
          <div className="flex justify-end">
            <Button type="submit" disabled={busy}>
              {busy ? 'Generating...' : 'Generate Idea'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
};
