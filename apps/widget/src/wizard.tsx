import type { PublicPartnerProfile } from '@visita/domain/partner-profile';
import { modeConfigFor } from '@visita/domain/client';
import type { ClientConfig } from '@visita/domain/contract/client-config';
import { lazy, type RefObject, Suspense, useCallback, useEffect, useRef } from 'react';
import { partnerProfileOf } from './flow/use-partner-profile.ts';
import { useCopy } from './copy/use-copy.ts';
import { useNavigation } from './flow/use-navigation.ts';
import { isFramed } from './host/frame.ts';
import { useFlow, useSession, useWidgetStores } from './stores/widget-stores.tsx';
import { HelpFooter } from './ui/help-footer.tsx';
import { Loader } from './ui/loader.tsx';
import { Shell, type ShellProps } from './ui/shell.tsx';
import { themeStyle } from './ui/theme.ts';
import { FOCUS_HOLDER_ATTRIBUTE } from './ui/use-entry-focus.ts';

// The step frame (the query cache, the start from the query, the operative wrapper), the map of
// every step and the first screen load outside the entry; the download starts at once, in parallel
// with the client config.
const stepViewModule = import('./flow/step-view.tsx');
const StepView = lazy(() => stepViewModule.then((m) => ({ default: m.StepView })));
// Toasts follow a person's actions, never the first paint: their region loads beside the steps.
const Toaster = lazy(() => import('./components/toaster.tsx').then((m) => ({ default: m.Toaster })));

/** 'Operado por' or 'En alianza con' under the shell, or nothing: the partner's profile says. */
function footerFor(footer: PublicPartnerProfile['footer']): ShellProps['footer'] {
  return footer === 'none' ? null : footer;
}

/**
 * A button disabled while it has the focus (a 'Continuar' that waits for its call, then for the
 * next step) drops the focus to the page, and a screen reader starts over from the top: the
 * step's title takes it instead, or the busy region while the step loads.
 */
function useFocusKeptInStep(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const onFocusOut = (event: FocusEvent) => {
      const left = event.target;
      // Focus moving to another element, or leaving with its element, is not this case.
      if (event.relatedTarget !== null || !(left instanceof HTMLElement) || !left.isConnected) return;
      if (!left.matches(':disabled')) return;
      root.querySelector<HTMLElement>(`main h1[tabindex="-1"], main [${FOCUS_HOLDER_ATTRIBUTE}]`)?.focus();
    };
    root.addEventListener('focusout', onFocusOut);
    return () => root.removeEventListener('focusout', onFocusOut);
  }, [ref]);
}

export function Wizard({ config }: { config: ClientConfig }) {
  const origin = useSession((state) => state.origin);
  const copy = useCopy();
  const { step, back } = useNavigation();
  const run = useFlow((state) => state.run);
  const mode = modeConfigFor(config, origin);
  const profile = partnerProfileOf(config);
  const framed = isFramed();
  const stores = useWidgetStores();
  const closeWarned = useRef(false);
  const guardedClose = useCallback(() => {
    void import('./host/close-guard.ts').then(({ guardedClose: close }) => close(stores, closeWarned));
  }, [stores]);
  const shellMode = framed || mode.fullPageAvailable === false ? 'modal' : 'full-page';

  useEffect(() => {
    document.title = `${copy.app.titlePrefix}${copy.app.brand} & ${config.name}`;
  }, [copy, config.name]);

  const themeRef = useRef<HTMLDivElement>(null);
  useFocusKeptInStep(themeRef);

  const loader = <Loader label={copy.app.loading} showImage={profile.rules.loader_image} />;
  return (
    <div
      ref={themeRef}
      className="visita-theme"
      style={themeStyle(mode.main_color, mode.background_logo_color)}
      data-step={step}
    >
      <Shell
        mode={shellMode}
        copy={copy}
        clientName={config.name}
        logoUrl={config.logo_url}
        showBanner={mode.showBanner !== false}
        footer={footerFor(profile.footer)}
        onBack={back}
        onClose={shellMode === 'modal' && framed ? guardedClose : null}
        help={mode.show_whatsapp_sac_button ? <HelpFooter help={copy.help} /> : null}
      >
        <Suspense fallback={loader}>
          <StepView step={step} run={run} fallback={loader} />
        </Suspense>
      </Shell>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </div>
  );
}
