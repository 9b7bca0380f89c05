import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { HttpError } from './api/http.ts';
import { router } from './app/router.tsx';
import { theme } from './app/theme.ts';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A refusal (no session, no permission, not found) will not change by asking again.
      retry: (failures, error) => !(error instanceof HttpError && error.status < 500) && failures < 2,
      refetchOnWindowFocus: false,
    },
  },
});

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <MantineProvider theme={theme}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>,
  );
}
