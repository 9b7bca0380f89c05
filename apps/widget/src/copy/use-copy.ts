import { modeConfigFor } from '@visita/domain/client';
import { useMemo } from 'react';
import { useSession } from '../stores/widget-stores.tsx';
import { type Copy, type CopyVariant, getCopy } from './catalogue.ts';

/** The texts for this session's country, sales source and wording variant. */
export function useCopy(): Copy {
  const countryCode = useSession((state) => state.countryCode);
  const salesSource = useSession((state) => state.salesSource);
  const clientData = useSession((state) => state.clientData);
  const origin = useSession((state) => state.origin);
  const appointmentId = useSession((state) => state.appointmentId);
  return useMemo(() => {
    const nonBinary = clientData ? modeConfigFor(clientData, origin).show_non_binary_texts : false;
    const variant: CopyVariant = appointmentId ? 'scheduled' : nonBinary ? 'nonBinary' : 'default';
    return getCopy(countryCode, salesSource, variant);
  }, [countryCode, salesSource, clientData, origin, appointmentId]);
}
