import { useCallback } from 'react';
import { ApiError } from '../api-client.ts';
import { useToast } from '../toast.tsx';
import { useSubscriptionModal, type RetryAfterUnlock } from '../../components/subscription-modal.tsx';

/** Spec 01 §8: a 402, the error 'Subscription required', or a message about the used free attempts. */
export const isOutOfFreePlays = (error: unknown) => {
  if (!(error instanceof ApiError)) return false;
  const title = (error.body as { error?: unknown } | null)?.error;
  return error.status === 402 || title === 'Subscription required' || error.message.includes('used all your free attempts');
};

/** The server's own words when it refused for too many requests (429): they say when to try again. */
export const rateLimitMessage = (error: unknown): string | null =>
  error instanceof ApiError && error.status === 429 && error.message ? error.message : null;

/**
 * What every AI button does when its call fails (spec 01 §8): out of free plays opens the subscription modal
 * with the 'Usage Limit Reached' toast; anything else is an 'Error' toast with the server's message. `retry` is
 * the button's request: a coupon redeemed in the modal runs it once more, so the person need not press it again.
 */
export const useAiFailure = () => {
  const toast = useToast();
  const showSubscription = useSubscriptionModal();
  return useCallback(
    (error: unknown, fallback: string, retry?: RetryAfterUnlock) => {
      if (isOutOfFreePlays(error)) {
        showSubscription(retry);
        toast({
          title: 'Usage Limit Reached',
          description: "You've used all your free attempts. Subscribe or use a coupon code to continue.",
          variant: 'destructive',
        });
        return;
      }
      const description =
        error instanceof ApiError
          ? error.message || fallback
          : error instanceof Error && error.message
            ? error.message
            : 'An unexpected error occurred. Please try again.';
      toast({ title: 'Error', description, variant: 'destructive' });
    },
    [toast, showSubscription],
  );
};
