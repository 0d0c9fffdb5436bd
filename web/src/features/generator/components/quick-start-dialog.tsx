import { Rocket } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog.tsx';
import { Label, Textarea } from '../../../components/ui/field.tsx';
import { useToast } from '../../../lib/toast.tsx';

/** Spec 01 §2 Quick Start: a core idea in, a whole project out; an empty idea is refused (§5 'Empty idea'). */
export const QuickStartDialog = ({ busy, onStart }: { busy: boolean; onStart: (coreIdea: string) => Promise<boolean> }) => {
  const [open, setOpen] = useState(false);
  const [idea, setIdea] = useState('');
  const toast = useToast();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!idea.trim()) {
      toast({ title: 'Empty idea', description: 'Please enter a core idea to get started.', variant: 'destructive' });
      return;
    }
    if (await onStart(idea.trim())) {
      setOpen(false);
      setIdea('');
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="secondary">
          <Rocket className="size-4" aria-hidden /> Quick Start
        </Button>
      </DialogTrigger>
      <DialogContent title="Quick Start" description="Describe your idea in a sentence; the AI drafts every stage as a new project.">
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
