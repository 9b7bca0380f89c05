import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { consoleMe } from '@visita/domain/contract/endpoints';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { HttpError } from './api/http.ts';
import { router } from './app/router.tsx';
import { cssVariablesResolver, theme } from './app/theme.ts';

const ME_KEY = [consoleMe.method, consoleMe.path];

const queryClient: QueryClient = new QueryClient({
  // A session that ended meanwhile (expired, ended elsewhere): ask who is signed in again, and
  // the shell sends the page to /ingresar.
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (error instanceof HttpError && error.status === 401 && query.queryKey[1] !== consoleMe.path)
        void queryClient.invalidateQueries({ queryKey: ME_KEY });
    },
  }),
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
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>,
  );
}
