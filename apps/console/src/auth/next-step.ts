import type { ConsoleNext } from '@visita/domain/contract/console';

/** Where the console goes after a sign-in step: the page of what the API asks next, or home. */
export function pathOfNext(next: ConsoleNext): string {
  switch (next) {
    case 'totp':
      return '/ingresar/codigo';
    case 'change-password':
      return '/ingresar/contrasena';
    case 'enrol-totp':
      return '/ingresar/segundo-factor';
    default:
      // The first section itself, not '/': its redirect would be one more navigation, still
      // pending while the shell shows, that a click on another section could lose to.
      return '/citas';
  }
}
