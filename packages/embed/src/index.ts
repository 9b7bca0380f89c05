// The IIFE's global `Visita`: Visita.open({...}).
export { open } from './embed.ts';
export type { VisitaEvent, VisitaEventMap, VisitaInstance, VisitaListener, VisitaOptions } from './embed.ts';
