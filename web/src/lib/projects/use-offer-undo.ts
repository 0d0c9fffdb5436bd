import { errorMessage } from '../api-client.ts';
import { useToast } from '../toast.tsx';
import type { CommandResponse } from './project-command.ts';
import { useUndoParameterRemoval } from './undo-parameter-removal.ts';

/**
 * The Undo toast (10 s) of a Clear All or a chip removal, in a guided list or a builder category alike: the
 * server takes the removal back (the values return where they were). `onUndo` runs when Undo is chosen, so the
 * editor can give the returning chips the keyboard's focus.
 */
export const useOfferUndo = (projectId: string) => {
  const toast = useToast();
  const undo = useUndoParameterRemoval(projectId);
  return (title: string, onUndo?: () => void) => (answer: CommandResponse) => {
    const { revision } = answer;
    if (!answer.changed || revision === undefined) return;
    toast({
      title,
      action: {
        label: 'Undo',
        altText: `Undo: ${title}`,
        onClick: () => {
          onUndo?.();
          undo.mutate(
            { revision },
            { onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to undo'), variant: 'destructive' }) },
          );
        },
      },
    });
  };
};
