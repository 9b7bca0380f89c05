/**
 * The console's live preview of a partner (docs/decisions/console-partner-preview.md): the console
 * frames the widget at `/{id}?preview` on Visita's own origin and sends it the draft; the widget
 * answers PREVIEW_READY once it listens. No zod here: the widget imports it.
 */
export const PREVIEW_MESSAGE = 'visita:partner-preview';
export const PREVIEW_READY = 'visita:partner-preview-ready';

/** The look and texts a draft may change; the id, country and sales source stay the stored ones. */
export const PREVIEWED_FIELDS = [
  'name',
  'logo_url',
  'show_results',
  'show_tyc',
  'sdk_config_v2',
  'laas_config_v2',
  'profile',
] as const;
