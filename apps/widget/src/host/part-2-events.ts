import { isFramed } from './frame.ts';

/**
 * The booking's outbound events (part 2 §4 window messages): success (appointmentId) and
 * successful (appointmentId, placeId). Kept apart from frame.ts while the host bridge is being
 * rewritten; the bridge's own postSuccess/postSuccessful replace these once it lands.
 */
export function postSuccess(appointmentId: string): boolean {
  if (!isFramed()) return false;
  window.parent.postMessage({ type: 'success', appointmentId }, '*');
  return true;
}

export function postSuccessful(appointmentId: string, placeId: string | null): boolean {
  if (!isFramed()) return false;
  window.parent.postMessage({ type: 'successful', appointmentId, placeId }, '*');
  return true;
}
