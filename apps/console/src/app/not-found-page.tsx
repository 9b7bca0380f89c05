import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PageTitle } from '../ui/page-title.tsx';

/** A console address that leads nowhere. */
export function NotFoundPage() {
  return (
    <Stack gap="md">
      <PageTitle>Página no encontrada</PageTitle>
      <Text>Esta dirección no existe en la consola.</Text>
      <Anchor component={Link} to="/citas">
        Ir a las citas
      </Anchor>
    </Stack>
  );
}
