import { useQueryClient } from '@tanstack/react-query';
import { Loader2, Upload } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { PublishPreviewResponse } from '@vis/domain';
import { ApiError, errorMessage } from '../lib/api-client.ts';
import { publishProjectIdea } from '../lib/marketplace/publish-idea.ts';
import { usePublishPreview } from '../lib/marketplace/publish-preview.ts';
import { Button } from './ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from './ui/dialog.tsx';
import { FieldError, Input, Label } from './ui/field.tsx';

/** Ours, as the domain's MAX_IDEA_TITLE_LENGTH: the input stops there, the server checks it again. */
const MAX_TITLE_LENGTH = 200;

/** The form, mounted each time the dialog opens with the preview loaded: it starts from the suggested title. */
const PublishForm = ({
  projectId,
  preview,
  onPublished,
}: {
  projectId: string;
  preview: PublishPreviewResponse;
  onPublished: (ideaId: string) => void;
}) => {
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(preview.title);
  const [error, setError] = useState<string | null>(null);
  const [publishing, setPublishing] = useState(false);
  // One key per attempt: a double click or a retry after a lost answer publishes one idea; a refused attempt wrote
  // nothing, so the corrected one is a new request with a new key.
  const [attempt, setAttempt] = useState(() => crypto.randomUUID());
  const titleId = useId();
  const errorId = useId();

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    setPublishing(true);
    setError(null);
    try {
      const { id } = await publishProjectIdea(projectId, title, attempt);
      await queryClient.invalidateQueries({ queryKey: ['marketplace'] });
      onPublished(id);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status < 500) setAttempt(crypto.randomUUID());
      setError(errorMessage(failure, 'There was an error publishing your idea. Please try again.'));
    } finally {
      setPublishing(false);
    }
  };

  return (
    <form onSubmit={(event) => void confirm(event)} className="space-y-4">
      <div>
        <Label htmlFor={titleId}>Title</Label>
        <Input
          id={titleId}
          value={title}
          maxLength={MAX_TITLE_LENGTH}
          onChange={(event) => {
            setTitle(event.target.value);
            // The refusal was about the title as it was: an edited one has not been refused yet.
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="mt-1"
        />
      </div>
      <div>
        <p className="text-sm font-medium text-slate-700 dark:text-slate-200">Description shown on the marketplace</p>
        <p
          data-testid="publish-description"
          className="mt-1 max-h-48 overflow-y-auto rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm break-words whitespace-pre-wrap text-slate-700 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-200"
        >
          {preview.description || 'No description yet.'}
        </p>
      </div>
      {preview.reason && !error && (
        <p role="status" className="text-sm text-amber-800 dark:text-amber-300">
          {preview.reason}
        </p>
      )}
      <div role="alert" id={errorId}>
        <FieldError>{error}</FieldError>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={publishing}>
          {publishing ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <Upload className="size-4" aria-hidden />}
          {publishing ? 'Publishing...' : 'Confirm and publish'}
        </Button>
      </div>
    </form>
  );
};

/**
 * Publishing with intent (issue 26): the title, starting from the final concept name or the builder's idea, the
 * description the marketplace will show, then Confirm or Cancel. Every refusal shows the server's own reason here.
 */
export const PublishDialog = ({
  projectId,
  open,
  onOpenChange,
  onPublished,
}: {
  projectId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPublished: (ideaId: string) => void;
}) => {
  const preview = usePublishPreview(projectId, open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Publish to the marketplace" description="Everyone can see a published idea. Check how it will look.">
        {preview.isError ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {errorMessage(preview.error, 'Could not load your idea. Please try again.')}
          </p>
        ) : preview.data && !preview.isFetching ? (
          <PublishForm projectId={projectId} preview={preview.data} onPublished={onPublished} />
        ) : (
          <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
            <Loader2 className="size-4 animate-spin" aria-hidden /> Loading your idea...
          </p>
        )}
      </DialogContent>
    </Dialog>
  );
};
