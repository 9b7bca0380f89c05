import {
  framingOrigin,
  instanceIdSchema,
  parseHostConfigEnvelope,
  parsePreloadedPatient,
  widgetEnvelope,
  widgetEventPayloadSchemas,
} from '@visita/domain/host-messages';
import { modeConfigFor } from '@visita/domain/client';
import { stepListFor } from '@visita/domain/navigation';
import { type ReactNode, useEffect, useState } from 'react';
import { getEmbedHost } from '../api/get-embed-host.ts';
import type { HostConfig } from '../stores/session-store.ts';
import { useFlow, useSession, useWidgetStores } from '../stores/widget-stores.tsx';
import { connectHost, postError, postFullscreen, postToHost, postTracking } from './bridge.ts';
import './embedded.css';
import { isFramed } from './frame.ts';

/** Without the embed script (a partner framing /{clientId} itself) the instance is this one. */
const DEFAULT_INSTANCE = 'default';

function ancestorOrigin(): string | null {
  const ancestors = window.location.ancestorOrigins;
  return ancestors && ancestors.length > 0 ? (ancestors[0] ?? null) : null;
}

/**
 * Before the wizard starts inside a frame: find out who framed it (the origin the embed script
 * named in the hash, confirmed by the browser and by the API against the client's registered
 * domains), decide the origin (laas for a staff host), then listen to that page only and tell it
 * 'mounted'. A page that is not confirmed gets no messages and is not heard. Not framed: nothing
 * to wait for.
 */
export function HostGate({
  clientId,
  fallback,
  children,
}: {
  clientId: string;
  fallback: ReactNode;
  children: ReactNode;
}) {
  // Read once: the hash, the referrer and the ancestors do not change while the widget runs.
  const [framing] = useState(() => {
    if (!isFramed()) return null;
    const hash = new URLSearchParams(window.location.hash.slice(1));
    const parentOrigin = framingOrigin(hash.get('parentOrigin'), ancestorOrigin(), document.referrer || null);
    return parentOrigin
      ? {
          parentOrigin,
          instance: instanceIdSchema.safeParse(hash.get('instance')).data ?? DEFAULT_INSTANCE,
          embedded: hash.has('instance'),
        }
      : null;
  });
  const [ready, setReady] = useState(() => framing === null);
  const [connected, setConnected] = useState(false);
  // The client's config may arrive after the host check: tracking follows it.
  const tracking = useSession((state) =>
    state.clientData ? modeConfigFor(state.clientData, state.origin).tracking_events === true : false,
  );
  const setHostSession = useSession((state) => state.setHostSession);
  const setHostConfig = useSession((state) => state.setHostConfig);
  const stores = useWidgetStores();
  const setStepList = useFlow((state) => state.setStepList);

  useEffect(() => {
    if (!framing) return;
    const { parentOrigin, instance, embedded } = framing;
    const controller = new AbortController();
    let observer: ResizeObserver | null = null;

    function onMessage(event: MessageEvent) {
      // Only the parent window itself, with the confirmed origin: not a sibling frame, not a popup.
      if (event.source !== window.parent || event.origin !== parentOrigin) return;
      const parsed = parseHostConfigEnvelope(event.data, instance);
      if (parsed.kind === 'ignored') return;
      if (parsed.kind === 'invalid') {
        postToHost('invalidConfig', { reason: parsed.reason });
        return;
      }
      const { config } = parsed;
      if (config.clientId !== undefined && config.clientId !== clientId) {
        postToHost('invalidConfig', { reason: 'invalid config: clientId' });
        return;
      }
      const next: HostConfig = {};
      if (config.apiToken !== undefined) next.apiToken = config.apiToken;
      if (config.folio !== undefined) next.folioId = config.folio || null;
      if (config.displayedServicesIds !== undefined) {
        next.displayedServicesIds = config.displayedServicesIds.map(String);
      }
      if (config.patient !== undefined && config.patient !== null) {
        const patient = parsePreloadedPatient(config.patient);
        if (patient.ok) next.preloadedPatient = patient.patient;
        else postError(patient.message);
      }
      setHostConfig(next);
    }

    getEmbedHost(clientId, parentOrigin, controller.signal)
      .then((host) => {
        if (controller.signal.aborted) return;
        if (host.allowed) {
          setHostSession(host.origin, parentOrigin);
          if (host.origin === 'laas') {
            const config = stores.session.getState().clientData;
            const customFlow = config ? modeConfigFor(config, 'laas').customFlow : null;
            setStepList(stepListFor({ origin: 'laas', cartMaker: false, customFlow }));
          }
          connectHost({ parentOrigin, instance, protocol: { widgetEnvelope, widgetEventPayloadSchemas } });
          window.addEventListener('message', onMessage);
          if (embedded) {
            document.documentElement.classList.add('visita-embedded');
            let last = -1;
            observer = new ResizeObserver(() => {
              const height = Math.ceil(document.body.getBoundingClientRect().height);
              // Only a real change: the same height again would only make the host re-lay out.
              if (height !== last) {
                last = height;
                postToHost('resize', { height });
              }
            });
            observer.observe(document.body);
          }
          setConnected(true);
        }
        setReady(true);
      })
      .catch(() => {
        // The check failed (offline, unknown client): the widget runs, talking to no one.
        if (!controller.signal.aborted) setReady(true);
      });

    return () => {
      controller.abort();
      observer?.disconnect();
      window.removeEventListener('message', onMessage);
      connectHost(null);
      document.documentElement.classList.remove('visita-embedded');
    };
  }, [clientId, framing, setHostSession, setHostConfig, setStepList, stores]);

  // After the children's first render: the widget is on screen, the host may send its config.
  useEffect(() => {
    if (ready && connected) postToHost('mounted', {});
  }, [ready, connected]);

  // Tracking clients hear each step the person reaches, from the one on screen once mounted.
  useEffect(() => {
    if (!ready || !connected || !tracking) return;
    postTracking({ event: 'step', step: stores.flow.getState().step });
    return stores.flow.subscribe((state, previous) => {
      if (state.step !== previous.step) postTracking({ event: 'step', step: state.step });
    });
  }, [ready, connected, tracking, stores]);

  // On a phone-sized frame the payment step (card fields, the keyboard over half the screen)
  // takes the host's whole viewport; any other step gives the frame back.
  useEffect(() => {
    if (!ready || !connected) return;
    let fullscreen = false;
    const follow = (step: string) => {
      const wanted = step === 'payment' && window.matchMedia(SMALL_SCREEN).matches;
      if (wanted !== fullscreen) {
        fullscreen = wanted;
        postFullscreen(wanted);
      }
    };
    follow(stores.flow.getState().step);
    const unsubscribe = stores.flow.subscribe((state) => follow(state.step));
    return () => {
      unsubscribe();
      if (fullscreen) postFullscreen(false);
    };
  }, [ready, connected, stores]);

  return ready ? children : fallback;
}

/** A frame this narrow is on a phone: the widget's own max width is wider. */
const SMALL_SCREEN = '(max-width: 600px)';
