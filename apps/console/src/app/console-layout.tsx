import { AppShell, Burger, Button, Center, Group, Loader, NavLink, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { CONSOLE_ROLE_LABELS } from '@visita/domain/console-permissions';
import { consoleLogout } from '@visita/domain/contract/endpoints';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useEndpointMutation } from '../api/endpoint-query.ts';
import { forgetCsrfToken, HttpError } from '../api/http.ts';
import { pathOfNext } from '../auth/next-step.ts';
import { useMe, usePermission } from '../auth/use-me.ts';
import { ApiAlert } from '../ui/api-alert.tsx';

/**
 * The signed-in console: a header with the operator and 'Cerrar sesión', the sections the role
 * may open, and the page. Nobody signed in goes to /ingresar; a sign-in half done, to its step.
 */
export function ConsoleLayout() {
  const me = useMe();
  const location = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [opened, { toggle, close }] = useDisclosure();
  const logout = useEndpointMutation(consoleLogout, { invalidate: false });
  // The sections, each shown to the roles that may open it.
  const sections = [
    { path: '/citas', label: 'Citas', shown: usePermission('appointments.read') },
    { path: '/agenda', label: 'Agenda', shown: usePermission('agenda.read') },
    { path: '/informes', label: 'Reportes', shown: usePermission('reports.read') },
    { path: '/finanzas', label: 'Finanzas', shown: usePermission('payments.read') },
    { path: '/ordenes', label: 'Órdenes médicas', shown: usePermission('leads.read') },
    { path: '/enfermeras', label: 'Enfermeras', shown: usePermission('nurses.manage') },
    { path: '/cupones', label: 'Cupones', shown: usePermission('coupons.manage') },
    { path: '/catalogo', label: 'Catálogo', shown: usePermission('catalogue.manage') },
    { path: '/precios', label: 'Precios', shown: usePermission('prices.manage') },
    { path: '/cobertura', label: 'Cobertura', shown: usePermission('coverage.manage') },
    { path: '/socios', label: 'Socios', shown: usePermission('partners.manage') },
    { path: '/operadores', label: 'Operadores', shown: usePermission('operators.manage') },
    { path: '/cuenta', label: 'Mi cuenta', shown: true },
  ].filter((section) => section.shown);

  if (me.isPending) {
    return (
      <Center component="main" h="100vh">
        <Loader aria-label="Cargando" />
      </Center>
    );
  }
  if (me.error) {
    if (me.error instanceof HttpError && me.error.status === 401) return <Navigate to="/ingresar" replace />;
    return (
      <Stack component="main" p="xl">
        <ApiAlert error={me.error} />
      </Stack>
    );
  }
  const operator = me.data;
  if (operator.next) return <Navigate to={pathOfNext(operator.next)} replace />;

  const signOut = () =>
    logout.mutate(
      {},
      {
        onSettled: async () => {
          forgetCsrfToken();
          client.clear();
          await navigate('/ingresar', { replace: true });
        },
      },
    );

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Menú" />
            <Text fw={700}>Consola Visita</Text>
          </Group>
          <Group gap="md" wrap="nowrap">
            <Text size="sm" data-testid="operator">
              {operator.name} · {CONSOLE_ROLE_LABELS[operator.role]}
            </Text>
            <Button variant="outline" size="xs" onClick={signOut} loading={logout.isPending}>
              Cerrar sesión
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" component="nav" aria-label="Secciones">
        {sections.map((section) => {
          const active =
            location.pathname === section.path || location.pathname.startsWith(`${section.path}/`);
          return (
            <NavLink
              key={section.path}
              component={Link}
              to={section.path}
              label={section.label}
              active={active}
              variant="filled"
              aria-current={active ? 'page' : undefined}
              onClick={close}
            />
          );
        })}
      </AppShell.Navbar>
      <AppShell.Main>
        <Stack gap="md">
          <ApiAlert error={logout.error} />
          <Outlet />
        </Stack>
      </AppShell.Main>
    </AppShell>
  );
}
