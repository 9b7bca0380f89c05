import { useQueryClient } from '@tanstack/react-query';
import type { ConsoleNext } from '@visita/domain/contract/console';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { pathOfNext } from './next-step.ts';

/** After a sign-in step: forget who was signed in (the API says it anew) and follow `next`. */
export function useFollowNext() {
  const client = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (next: ConsoleNext) => {
      await client.resetQueries();
      await navigate(pathOfNext(next), { replace: true });
    },
    [client, navigate],
  );
}
