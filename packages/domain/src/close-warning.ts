/**
 * For one sales source in sdk mode, closing before confirming warns first (a toast for
 * 10 seconds) and closes on the second attempt. Its own module: the guard runs from the first
 * screen, the rest of the message catalogue and constants load with later steps.
 */
export const CLOSE_WARNING_MESSAGE = '¡Detente! Si cierras ahora perderás la cita a domicilio.';
export const CLOSE_WARNING_MS = 10_000;
