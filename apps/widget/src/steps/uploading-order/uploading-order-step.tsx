import { NO_ADDRESS_SELECTED_MESSAGE } from '@visita/domain/addresses';
import { buildOrderLead, orderUploadError } from '@visita/domain/medical-order';
import { useCallback, useEffect, useRef, useState } from 'react';
import { createOrderTicket } from '../../api/orders.ts';
import { LOADING_MESSAGE, UPLOAD_ERROR_MESSAGE, UPLOAD_RETRY_LABEL } from '../../copy/upload-order.ts';
import { useNavigation } from '../../flow/use-navigation.ts';
import { useWidgetStores } from '../../stores/widget-stores.tsx';
import { FormError } from '../../ui/part-2-form.tsx';
import { Loader } from '../../ui/loader.tsx';

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
