import { lazy, Suspense, useEffect } from 'react';
import { useClientConfig } from './api/get-client-config.ts';
import { HttpError } from './api/http.ts';
import { isFramed } from './host/frame.ts';
import { usePreviewConfig } from './host/preview.ts';
import { getCopy } from './copy/catalogue.ts';
import { useLocale, useSession, WidgetStoresProvider } from './stores/widget-stores.tsx';
import { Loader } from './ui/loader.tsx';
import { MessageScreen } from './ui/message-screen.tsx';
import { Wizard } from './wizard.tsx';

// Only a framed widget talks to a host page: the bridge and its schemas load only then.
const HostGate = lazy(() => import('./host/host-gate.tsx').then((module) => ({ default: module.HostGate })));

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
  // The console's preview shows a draft over the stored config (host/preview.ts).
  const config = usePreviewConfig(query.data);
  const setClient = useSession((state) => state.setClient);
  const setCountry = useLocale((state) => state.setCountry);
  const loaded = useSession((state) => state.clientData !== null);

  useEffect(() => {
    if (!config) return;
    setClient(config);
    setCountry(config.country);
  }, [config, setClient, setCountry]);

  if (query.error) {
    const message =
      query.error instanceof HttpError && query.error.status === 404
        ? SHELL_COPY.app.invalidClientId
        : SHELL_COPY.app.unexpectedError;
    return <MessageScreen message={message} detail={clientId} />;
  }
  // No sales source is known yet, so no loader image.
  if (!config || !loaded) return <Loader label={SHELL_COPY.app.loading} showImage={false} />;
  return <Wizard config={config} />;
}

/** One widget instance: its own stores (and, in the wizard, its own query cache). */
export function App({ clientId }: { clientId: string | null }) {
  const loader = <Loader label={SHELL_COPY.app.loading} showImage={false} />;
  return (
    <WidgetStoresProvider clientId={clientId}>
      {clientId ? (
        isFramed() ? (
          <Suspense fallback={loader}>
            <HostGate clientId={clientId} fallback={loader}>
              <ClientGate clientId={clientId} />
            </HostGate>
          </Suspense>
        ) : (
          <ClientGate clientId={clientId} />
        )
      ) : (
        <MessageScreen message={SHELL_COPY.app.missingClientId} />
      )}
    </WidgetStoresProvider>
  );
}
