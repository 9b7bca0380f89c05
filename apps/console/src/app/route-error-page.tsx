import { Button, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { PageTitle } from '../ui/page-title.tsx';
import { isStaleBuildError, reloadForNewBuild } from './stale-build.ts';

/**
 * What a page that failed to load or render shows, in Spanish, instead of the router's English
 * default: a stale build reloads itself once; anything else offers a reload.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const stale = isStaleBuildError(error);
  useEffect(() => {
    if (stale) reloadForNewBuild();
  }, [stale]);
  return (
    <Stack gap="md" p="md" maw={640}>
      <PageTitle>No se pudo abrir esta página</PageTitle>
      <Text>
        {stale
          ? 'La consola se actualizó mientras estaba abierta. Recarga la página para seguir.'
          : 'Ocurrió un error inesperado. Recarga la página; si se repite, avisa al equipo de Visita.'}
      </Text>
      <Button w="fit-content" onClick={() => window.location.reload()}>
        Recargar la página
      </Button>
    </Stack>
  );
}
