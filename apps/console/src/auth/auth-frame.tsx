import { Container, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageTitle } from '../ui/page-title.tsx';

/** The frame of the sign-in pages: the console's name and one form. */
export function AuthFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container size={440} py="xl" component="main">
      <Stack gap="md">
        <Text fw={700}>Consola de operaciones · Visita</Text>
        <Paper withBorder p="lg" radius="md">
          <Stack gap="md">
            <PageTitle>{title}</PageTitle>
            {children}
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
