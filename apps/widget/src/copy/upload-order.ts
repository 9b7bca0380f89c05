export {
  UPLOAD_ERROR_MESSAGE,
  UPLOAD_ORDER_HINT,
  UPLOAD_ORDER_SUBTITLE,
  UPLOAD_ORDER_TITLE,
  UPLOAD_RETRY_LABEL,
} from '@visita/domain/files';
export { CONTINUE_BUTTON, LOADING_MESSAGE } from '@visita/domain/messages';
// Ours: the product names the removal, not its wording.
export const removeFileLabel = (name: string) => `Eliminar ${name}`;
export const REMOVE_FILE = 'Eliminar';
export const FILES_LIST_LABEL = 'Archivos seleccionados';
export const PROCESSING_FILE = 'Procesando archivo';
