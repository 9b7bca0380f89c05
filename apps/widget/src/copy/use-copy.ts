import { modeConfigFor } from '@visita/domain/client';
import { useMemo } from 'react';
import { partnerProfileOf } from '../flow/use-partner-profile.ts';
import { useSession } from '../stores/widget-stores.tsx';
import { type Copy, type CopyVariant, getCopy } from './catalogue.ts';

/** The texts for this session's country, partner and wording variant. */
export function useCopy(): Copy {
  const countryCode = useSession((state) => state.countryCode);
  const clientData = useSession((state) => state.clientData);
  const origin = useSession((state) => state.origin);
  const appointmentId = useSession((state) => state.appointmentId);
  return useMemo(() => {
    const nonBinary = clientData ? modeConfigFor(clientData, origin).show_non_binary_texts : false;
    const variant: CopyVariant = appointmentId ? 'scheduled' : nonBinary ? 'nonBinary' : 'default';
    return getCopy(countryCode, partnerProfileOf(clientData), variant);
  }, [countryCode, clientData, origin, appointmentId]);
}
