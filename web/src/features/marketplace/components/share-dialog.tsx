import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Copy, Link2, Loader2, Share2, Trash2, Upload } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { PublishDialog } from '../../../components/publish-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useToast } from '../../../lib/toast.tsx';
import { createShareLink, revokeShareLink, sharedPageUrl, shareLinksQueryOptions, useShareLinks } from '../api/share-links.ts';
import { dateFormatter } from '../../../lib/date-format.ts';

const formatDate = dateFormatter({ dateStyle: 'medium', timeStyle: 'short' });

/**
 * Dashboard 'Share Project' (issue 26): publishing to the public marketplace goes through the publish dialog; beside
 * it, private read-only links that are never listed and can be revoked.
 */
export const ShareDialog = ({ projectId }: { projectId: string }) => {
  const [open, setOpen] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const queryClient = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();
  const links = useShareLinks(projectId, open);
  const linksKey = shareLinksQueryOptions(projectId).queryKey;
  // The server keeps only a hash of a link's token: its address exists here, once, after it is made.
  const [made, setMade] = useState<{ id: string; url: string } | null>(null);

  const create = useMutation({
    mutationFn: () => createShareLink(projectId),
    onSuccess: (answer) => {
      setMade({ id: answer.id, url: sharedPageUrl(projectId, answer.token) });
      return queryClient.invalidateQueries({ queryKey: linksKey });
    },
    onError: (error) => toast({ title: 'Could not create the link', description: errorMessage(error), variant: 'destructive' }),
  });
  const revoke = useMutation({
    mutationFn: (linkId: string) => revokeShareLink(projectId, linkId),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: linksKey });
      toast({ title: 'Link revoked', description: 'Nobody can open the project with it any more.' });
    },
    onError: (error) => toast({ title: 'Could not revoke the link', description: errorMessage(error), variant: 'destructive' }),
  });

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Link Copied', description: 'The private link is on your clipboard.', variant: 'success' });
    } catch {
      toast({ title: 'Private link', description: url });
    }
  };

  const onPublished = (ideaId: string) => {
    setPublishing(false);
    toast({ title: 'Published Successfully!', description: 'Your idea is now available in the marketplace', variant: 'success' });
    void navigate(`/marketplace/${encodeURIComponent(ideaId)}`);
  };

  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <Share2 className="size-4" aria-hidden /> Share Project
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setMade(null);
        }}
      >
        <DialogContent title="Share Project" description="Publish it for everyone, or give a few people a private read-only link.">
          <section aria-labelledby="share-public" className="space-y-2">
            <h3 id="share-public" className="text-sm font-semibold">
              Public
            </h3>
            <p className="text-sm text-slate-600 dark:text-slate-300">Anyone can find, view and like it in the marketplace.</p>
            <Button
              onClick={() => {
                setOpen(false);
                setPublishing(true);
              }}
            >
              <Upload className="size-4" aria-hidden /> Publish to the marketplace
            </Button>
          </section>
          <section aria-labelledby="share-private" className="mt-6 space-y-2 border-t border-slate-200 pt-4 dark:border-slate-800">
            <h3 id="share-private" className="text-sm font-semibold">
              Private read-only link
            </h3>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              Whoever has the link can read this project, not change it. It is never listed in the marketplace, and you can revoke it at any time.
            </p>
            {links.isError && (
              <p role="alert" className="text-sm text-red-700 dark:text-red-400">
                {errorMessage(links.error, 'Could not load your links.')}
              </p>
            )}
            <ul className="space-y-3" aria-label="Private links">
              {links.data?.links.map((link) => {
                const madeAt = `Private link made ${formatDate(link.createdAt)}`;
                const url = link.token ? sharedPageUrl(projectId, link.token) : made?.id === link.id ? made.url : null;
                return (
                  <li key={link.id} className="space-y-2">
                    {url ? (
                      <>
                        <Input readOnly value={url} aria-label={madeAt} onFocus={(e) => e.target.select()} />
                        {made?.id === link.id && (
                          <p className="text-sm text-slate-600 dark:text-slate-300">Copy it now: for your safety, this link is shown only once.</p>
                        )}
                      </>
                    ) : (
                      <p className="text-sm">
                        {madeAt}. <span className="text-slate-600 dark:text-slate-300">Its address was shown once, when it was made.</span>
                      </p>
                    )}
                    <div className="flex flex-wrap gap-2">
                      {url && (
                        <Button size="sm" variant="secondary" onClick={() => void copy(url)}>
                          <Copy className="size-4" aria-hidden /> Copy link
                        </Button>
                      )}
                      <Button size="sm" variant="secondary" onClick={() => revoke.mutate(link.id)} disabled={revoke.isPending}>
                        <Trash2 className="size-4" aria-hidden /> Revoke
                      </Button>
                    </div>
                  </li>
                );
              })}
            </ul>
            <Button variant="secondary" onClick={() => create.mutate()} disabled={create.isPending}>
              {create.isPending ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <Link2 className="size-4" aria-hidden />} Create private
              link
            </Button>
          </section>
        </DialogContent>
      </Dialog>
      <PublishDialog projectId={projectId} open={publishing} onOpenChange={setPublishing} onPublished={onPublished} />
    </>
  );
};
