import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useClientConfig } from './api/get-client-config.ts';
import { HttpError } from './api/http.ts';
import { HostGate } from './host/host-gate.tsx';
import { getCopy } from './copy/catalogue.ts';
import { useSession, WidgetStoresProvider } from './stores/widget-stores.tsx';
import { Loader } from './ui/loader.tsx';
import { MessageScreen } from './ui/message-screen.tsx';
import { Wizard } from './wizard.tsx';

/** Before a client is known there is no country yet: the shell texts are the same in both. */
const SHELL_COPY = getCopy('cl');

/** The first path segment is the client id: /{clientId}. */
export function clientIdFromPath(pathname: string): string | null {
  const segment = pathname.split('/').filter(Boolean)[0];
  if (!segment) return null;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function ClientGate({ clientId }: { clientId: string }) {
  const query = useClientConfig(clientId);
  const setClient = useSession((state) => state.setClient);
  const loaded = useSession((state) => state.clientData !== null);

  useEffect(() => {
    if (query.data) setClient(query.data);
  }, [query.data, setClient]);

  if (query.error) {
    const message =
      query.error instanceof HttpError && query.error.status === 404
        ? SHELL_COPY.app.invalidClientId
        : SHELL_COPY.app.unexpectedError;
    return <MessageScreen message={message} detail={clientId} />;
  }
  // No sales source is known yet, so no loader image (spec part 1 §2).
  if (!query.data || !loaded) return <Loader label={SHELL_COPY.app.loading} showImage={false} />;
  return <Wizard config={query.data} />;
}

/** One widget instance: its own query cache and stores. */
export function App({ clientId }: { clientId: string | null }) {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <WidgetStoresProvider clientId={clientId}>
        {clientId ? (
          <HostGate
            clientId={clientId}
            fallback={<Loader label={SHELL_COPY.app.loading} showImage={false} />}
          >
            <ClientGate clientId={clientId} />
          </HostGate>
        ) : (
          <MessageScreen message={SHELL_COPY.app.missingClientId} />
        )}
      </WidgetStoresProvider>
    </QueryClientProvider>
  );
}
