import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Pencil, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog.tsx';
import { FieldError, Input, Label, Textarea } from '../../../components/ui/field.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useToast } from '../../../lib/toast.tsx';
import { editIdea } from '../api/edit-idea.ts';
import type { MarketplaceIdea } from '../api/get-idea.ts';
import { useMyIdeas } from '../api/list-my-ideas.ts';
import { unpublishIdea } from '../api/unpublish-idea.ts';

/** Ours, as the domain's limits: the inputs stop there, the server checks again. */
const MAX_TITLE_LENGTH = 200;
const MAX_DESCRIPTION_LENGTH = 5000;

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** Every marketplace read: the lists, My ideas and each idea page refetch after an edit or an unpublish. */
const marketplaceKey = ['marketplace'] as const;

const EditIdeaDialog = ({ idea }: { idea: MarketplaceIdea }) => {
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState(idea.title);
  const [description, setDescription] = useState(idea.description);
  const queryClient = useQueryClient();
  const toast = useToast();
  const titleId = useId();
  const descriptionId = useId();
  const save = useMutation({
    mutationFn: () => editIdea(idea.id, { title, description }),
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: marketplaceKey });
      setOpen(false);
      toast({ title: 'Idea updated', description: result.message, variant: 'success' });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const field = save.error instanceof ApiError ? (save.error.body as { field?: string } | null)?.field : undefined;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setTitle(idea.title);
          setDescription(idea.description);
          save.reset();
        }
      }}
    >
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)} aria-label={`Edit ${idea.title}`}>
        <Pencil className="size-4" aria-hidden /> Edit
      </Button>
      <DialogContent title="Edit your idea" description="The marketplace shows the new title and description at once.">
        <form onSubmit={submit} className="space-y-4">
          <div>
            <Label htmlFor={titleId}>Title</Label>
            <Input
              id={titleId}
              className="mt-1"
              value={title}
              maxLength={MAX_TITLE_LENGTH}
              onChange={(event) => setTitle(event.target.value)}
              aria-invalid={field === 'title' ? true : undefined}
            />
          </div>
          <div>
            <Label htmlFor={descriptionId}>Description</Label>
            <Textarea
              id={descriptionId}
              className="mt-1"
              value={description}
              maxLength={MAX_DESCRIPTION_LENGTH}
              onChange={(event) => setDescription(event.target.value)}
              aria-invalid={field === 'description' ? true : undefined}
            />
          </div>
          <div role="alert">
            <FieldError>{save.error ? errorMessage(save.error, 'Could not save your changes. Please try again.') : null}</FieldError>
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save changes'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
};

const UnpublishDialog = ({ idea }: { idea: MarketplaceIdea }) => {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const toast = useToast();
  const unpublish = useMutation({
    mutationFn: () => unpublishIdea(idea.id),
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: marketplaceKey });
      setOpen(false);
      toast({ title: 'Unpublished', description: result.message });
    },
  });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) unpublish.reset();
      }}
    >
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)} aria-label={`Unpublish ${idea.title}`}>
        <Trash2 className="size-4" aria-hidden /> Unpublish
      </Button>
      <DialogContent
        title="Unpublish this idea?"
        description={`"${idea.title}" leaves the marketplace, with its views and likes. Your project stays.`}
      >
        <div role="alert">
          <FieldError>{unpublish.error ? errorMessage(unpublish.error, 'Could not unpublish it. Please try again.') : null}</FieldError>
        </div>
        <div className="mt-2 flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary">Keep it published</Button>
          </DialogClose>
          <Button variant="danger" onClick={() => unpublish.mutate()} disabled={unpublish.isPending}>
            {unpublish.isPending ? 'Unpublishing...' : 'Unpublish'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
};

/** My ideas (issue 26): the person's own published ideas, with Edit and Unpublish. Hidden while they have none. */
export const MyIdeas = () => {
  const mine = useMyIdeas();
  if (!mine.data || mine.data.length === 0) return null;
  return (
    <Card aria-labelledby="my-ideas-title">
      <h2 id="my-ideas-title" className="text-lg font-semibold">
        My ideas
      </h2>
      <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
        {mine.data.map((idea) => (
          <li key={idea.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
            <div className="min-w-0 flex-1">
              <Link
                to={`/marketplace/${encodeURIComponent(idea.id)}`}
                className="font-medium break-words text-indigo-700 hover:underline dark:text-indigo-300"
              >
                {idea.title}
              </Link>
              <p className="text-xs text-slate-600 dark:text-slate-400">
                {plural(idea.views, 'view')} · {plural(idea.likes, 'like')}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <EditIdeaDialog idea={idea} />
              <UnpublishDialog idea={idea} />
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
};
