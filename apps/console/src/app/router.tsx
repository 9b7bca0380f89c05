import { createBrowserRouter, redirect } from 'react-router';
import { AccountPage } from '../account/account-page.tsx';
import { ChangePasswordPage } from '../auth/change-password-page.tsx';
import { EnrolTotpPage } from '../auth/enrol-totp-page.tsx';
import { ResetPasswordPage } from '../auth/reset-password-page.tsx';
import { SignInPage } from '../auth/sign-in-page.tsx';
import { TotpPage } from '../auth/totp-page.tsx';
import { ConsoleLayout } from './console-layout.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { RouteErrorPage } from './route-error-page.tsx';

/** The console's pages under /console: sign-in outside the shell, each section loaded when opened. */
export const router = createBrowserRouter(
  [
    { path: '/ingresar', element: <SignInPage /> },
    { path: '/ingresar/codigo', element: <TotpPage /> },
    { path: '/ingresar/contrasena', element: <ChangePasswordPage /> },
    { path: '/ingresar/segundo-factor', element: <EnrolTotpPage /> },
    { path: '/restablecer', element: <ResetPasswordPage /> },
    {
      element: <ConsoleLayout />,
      errorElement: <RouteErrorPage />,
      children: [
        // A redirect within the navigation, not an element's effect firing after the shell shows.
        { index: true, loader: () => redirect('/citas') },
        {
          path: '/citas',
          lazy: async () => ({
            Component: (await import('../sections/appointments/appointments-page.tsx')).AppointmentsPage,
          }),
        },
        {
          path: '/citas/:id',
          lazy: async () => ({
            Component: (await import('../sections/appointments/appointment-page.tsx')).AppointmentPage,
          }),
        },
        {
          path: '/agenda',
          lazy: async () => ({ Component: (await import('../sections/agenda/agenda-page.tsx')).AgendaPage }),
        },
        {
          path: '/informes',
          lazy: async () => ({
            Component: (await import('../sections/reports/reports-page.tsx')).ReportsPage,
          }),
        },
        {
          path: '/finanzas',
          lazy: async () => ({
            Component: (await import('../sections/finance/finance-page.tsx')).FinancePage,
          }),
        },
        {
          path: '/ordenes',
          lazy: async () => ({ Component: (await import('../sections/leads/leads-page.tsx')).LeadsPage }),
        },
        {
          path: '/ordenes/:id',
          lazy: async () => ({ Component: (await import('../sections/leads/lead-page.tsx')).LeadPage }),
        },
        {
          path: '/enfermeras',
          lazy: async () => ({ Component: (await import('../sections/nurses/nurses-page.tsx')).NursesPage }),
        },
        {
          path: '/enfermeras/nueva',
          lazy: async () => ({
            Component: (await import('../sections/nurses/new-nurse-page.tsx')).NewNursePage,
          }),
        },
        {
          path: '/enfermeras/:id',
          lazy: async () => ({ Component: (await import('../sections/nurses/nurse-page.tsx')).NursePage }),
        },
        {
          path: '/cupones',
          lazy: async () => ({
            Component: (await import('../sections/coupons/coupons-page.tsx')).CouponsPage,
          }),
        },
        {
          path: '/cupones/nuevo',
          lazy: async () => ({
            Component: (await import('../sections/coupons/new-coupon-page.tsx')).NewCouponPage,
          }),
        },
        {
          path: '/cupones/:code',
          lazy: async () => ({ Component: (await import('../sections/coupons/coupon-page.tsx')).CouponPage }),
        },
        {
          path: '/cobertura',
          lazy: async () => ({
            Component: (await import('../sections/coverage/coverage-page.tsx')).CoveragePage,
          }),
        },
        {
          path: '/cobertura/nuevo',
          lazy: async () => ({
            Component: (await import('../sections/coverage/new-sector-page.tsx')).NewSectorPage,
          }),
        },
        {
          path: '/cobertura/:id',
          lazy: async () => ({
            Component: (await import('../sections/coverage/sector-page.tsx')).SectorPage,
          }),
        },
        {
          path: '/precios',
          lazy: async () => ({ Component: (await import('../sections/prices/prices-page.tsx')).PricesPage }),
        },
        {
          path: '/catalogo',
          lazy: async () => ({
            Component: (await import('../sections/catalogue/catalogue-page.tsx')).CataloguePage,
          }),
        },
        {
          path: '/catalogo/nuevo',
          lazy: async () => ({
            Component: (await import('../sections/catalogue/new-catalogue-item-page.tsx'))
              .NewCatalogueItemPage,
          }),
        },
        {
          path: '/catalogo/:id',
          lazy: async () => ({
            Component: (await import('../sections/catalogue/catalogue-item-page.tsx')).CatalogueItemPage,
          }),
        },
        {
          path: '/socios',
          lazy: async () => ({
            Component: (await import('../sections/partners/partners-page.tsx')).PartnersPage,
          }),
        },
        {
          path: '/socios/nuevo',
          lazy: async () => ({
            Component: (await import('../sections/partners/new-partner-page.tsx')).NewPartnerPage,
          }),
        },
        {
          path: '/socios/:id',
          lazy: async () => ({
            Component: (await import('../sections/partners/partner-page.tsx')).PartnerPage,
          }),
        },
        {
          path: '/operadores',
          lazy: async () => ({
            Component: (await import('../sections/operators/operators-page.tsx')).OperatorsPage,
          }),
        },
        { path: '/cuenta', element: <AccountPage /> },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ],
  { basename: '/console' },
);
