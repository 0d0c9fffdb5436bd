import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { SubscriptionModalProvider } from '../components/subscription-modal.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { ThemeProvider } from '../lib/theme.tsx';
import { ToastProvider } from '../lib/toast.tsx';
import { createRouter } from './router.tsx';

export const App = () => {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createRouter(queryClient));
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <ToastProvider>
          <SubscriptionModalProvider>
            <RouterProvider router={router} />
          </SubscriptionModalProvider>
        </ToastProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
};
