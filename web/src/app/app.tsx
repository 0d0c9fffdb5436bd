import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { createQueryClient } from '../lib/query-client.ts';
import { HomeRoute } from './routes/home.tsx';
import { NotFoundRoute } from './routes/not-found.tsx';
import { ProjectRoute } from './routes/project.tsx';

const router = createBrowserRouter([
  { path: '/', element: <HomeRoute /> },
  { path: '/projects/:id', element: <ProjectRoute /> },
  { path: '*', element: <NotFoundRoute /> },
]);

export const App = () => {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
};
