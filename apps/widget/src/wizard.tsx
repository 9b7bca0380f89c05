import { modeConfigFor } from '@visita/domain/client';
import type { ClientConfig } from '@visita/domain/contract/client-config';
import type { Step } from '@visita/domain/steps';
import { type ComponentType, useEffect } from 'react';
import { IN_ALLIANCE_SOURCE, SOURCES_WITHOUT_SHELL_BRANDING } from './copy/catalogue.ts';
import { useCopy } from './copy/use-copy.ts';
import { useNavigation } from './flow/use-navigation.ts';
import { isFramed, postClose } from './host/frame.ts';
import { IntroductionStep } from './steps/introduction/introduction-step.tsx';
import { useSession } from './stores/widget-stores.tsx';
import { HelpFooter } from './ui/help-footer.tsx';
import { PendingStep } from './ui/pending-step.tsx';
import { Shell, type ShellProps } from './ui/shell.tsx';
import { themeStyle } from './ui/theme.ts';

/** Which component draws each step; steps know nothing of one another. */
const STEP_COMPONENTS: Partial<Record<Step, ComponentType>> = {
  introduction: IntroductionStep,
};

function footerFor(salesSource: string | undefined): ShellProps['footer'] {
  if (!salesSource || SOURCES_WITHOUT_SHELL_BRANDING.has(salesSource)) return null;
  return salesSource === IN_ALLIANCE_SOURCE ? 'alliance' : 'operated';
}

export function Wizard({ config }: { config: ClientConfig }) {
  const origin = useSession((state) => state.origin);
  const copy = useCopy();
  const { step, back } = useNavigation();
  const mode = modeConfigFor(config, origin);
  const framed = isFramed();
  const shellMode = framed || mode.fullPageAvailable === false ? 'modal' : 'full-page';

  useEffect(() => {
    document.title = `${copy.app.titlePrefix}${copy.app.brand} & ${config.name}`;
  }, [copy, config.name]);

  const StepComponent = STEP_COMPONENTS[step];
  return (
    <div
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
        footer={footerFor(config.sales_source)}
        onBack={back}
        onClose={shellMode === 'modal' && framed ? () => postClose() : null}
        help={mode.show_whatsapp_sac_button ? <HelpFooter help={copy.help} /> : null}
      >
        {StepComponent ? (
          <StepComponent key={step} />
        ) : (
          <PendingStep key={step} text={copy.shell.stepInProgress} />
        )}
      </Shell>
    </div>
  );
}
