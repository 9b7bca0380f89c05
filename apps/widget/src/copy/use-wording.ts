import { modeConfigFor } from '@visita/domain/client';
import { inWording } from '@visita/domain/wording';
import { useCallback } from 'react';
import { useSession } from '../stores/widget-stores.tsx';

/**
 * Messages in this session's wording: the non-binary one where the partner asks for it
 * (show_non_binary_texts). Its own module, so the table loads with the steps that show such
 * messages, not with the first screen.
 */
export function useWording(): (text: string | null | undefined) => string | null {
  const nonBinary = useSession((state) =>
    state.clientData ? modeConfigFor(state.clientData, state.origin).show_non_binary_texts === true : false,
  );
  return useCallback((text) => (text ? inWording(text, nonBinary) : null), [nonBinary]);
}
