import { NO_ADDRESS_SELECTED_MESSAGE } from '@visita/domain/addresses';
import { modeConfigFor } from '@visita/domain/client';
import { buildOrderLead, orderSuccessUrl, orderUploadError } from '@visita/domain/medical-order';
import { useCallback, useEffect, useRef, useState } from 'react';
import { createOrderTicket } from './send-order.ts';
import { LOADING_MESSAGE, UPLOAD_ERROR_MESSAGE, UPLOAD_RETRY_LABEL } from '../../copy/upload-order.ts';
import { useNavigation } from '../../flow/use-navigation.ts';
import { postRedirect, postTracking } from '../../host/bridge.ts';
import { isFramed } from '../../host/frame.ts';
import type { SessionStore } from '../../stores/session-store.ts';
import { useWidgetStores } from '../../stores/widget-stores.tsx';
import { FormError } from '../../ui/form.tsx';
import { Loader } from '../../ui/loader.tsx';

/**
 * Variants after an order went through. A client with a success page
 * (order_success_url) sends the browser there with solicitud_id: the partner's page when framed
 * (the embed script navigates it, within its own origin), this page otherwise. A client with
 * tracking events tells its host the order was sent. Either way the widget then shows
 * order-received, so a host that does not navigate still leaves the person on a true screen.
 */
function afterOrder(session: SessionStore, solicitudId: string) {
  const mode = session.clientData ? modeConfigFor(session.clientData, session.origin) : null;
  if (mode?.tracking_events === true) postTracking({ event: 'medical-order', solicitudId });
  if (!mode?.order_success_url) return;
  const framed = isFramed();
  const url = orderSuccessUrl(
    mode.order_success_url,
    solicitudId,
    framed ? session.parentDomain : window.location.origin,
  );
  if (!url) return;
  if (framed) postRedirect(url);
  else window.location.assign(url);
}

/** Sends the order on entry ('Espere...'); on error its message and 'Volver a intentar'. */
export function UploadingOrderStep() {
  const stores = useWidgetStores();
  const { next } = useNavigation();
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(true);
  const retryRef = useRef<HTMLButtonElement>(null);

  const send = useCallback(async () => {
    const session = stores.session.getState();
    setSending(true);
    setError(null);
    try {
      if (!session.addressData) {
        setError(NO_ADDRESS_SELECTED_MESSAGE);
        return;
      }
      if (!session.contactData || !session.clientId) {
        setError(UPLOAD_ERROR_MESSAGE);
        return;
      }
      const lead = buildOrderLead(session.addressData, session.contactData, {
        origin: session.origin,
        salesSource: session.salesSource,
      });
      const answer = await createOrderTicket(
        session.fileArray,
        lead,
        window.location.pathname,
        session.clientId,
      );
      const failure = orderUploadError(answer);
      if (failure) {
        setError(failure);
        return;
      }
      session.update({ fileArray: [] });
      if ('groupedOrdenMedicaId' in answer) afterOrder(session, answer.groupedOrdenMedicaId);
      next();
    } catch {
      setError(UPLOAD_ERROR_MESSAGE);
    } finally {
      setSending(false);
    }
  }, [stores, next]);

  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void send();
  }, [send]);

  useEffect(() => {
    if (error) retryRef.current?.focus();
  }, [error]);

  if (sending) return <Loader label={LOADING_MESSAGE} showImage={false} />;
  return (
    <section className="visita-step">
      <FormError message={error} />
      <div className="visita-step__actions">
        <button ref={retryRef} type="button" className="visita-button" onClick={() => void send()}>
          {UPLOAD_RETRY_LABEL}
        </button>
      </div>
    </section>
  );
}
