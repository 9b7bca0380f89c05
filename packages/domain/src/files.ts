import {
  UPLOAD_ALLOWED_TYPES,
  UPLOAD_COMPRESSION_THRESHOLD_BYTES,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_IMAGE_SIDE_PX,
} from './constants.ts';

// ---- Texts of the upload steps ----

export const UPLOAD_ORDER_TITLE = 'Sube tu orden médica';
export const UPLOAD_ORDER_SUBTITLE = 'Los formatos permitidos son .pdf o .jpg';
export const UPLOAD_ORDER_HINT = 'Tamaño máximo de 15 mb.';
export const UPLOAD_FIRST_FILE_LABEL = 'Subir archivo';
export const UPLOAD_ANOTHER_FILE_LABEL = 'Subir otra orden';
export const UPLOAD_RETRY_LABEL = 'Volver a intentar';
/** One limit, 15 MB (15,000,000 bytes): the one the hint states. */
export const FILE_ERROR_MESSAGE =
  'Lo sentimos, no podemos procesar tu archivo. Recuerda que solo puedes subir archivos de tipo .pdf, .png o .jpg menores a 15 MB';
export const UPLOAD_ERROR_MESSAGE = 'Error al subir el archivo';
/** The order payload's fixed section_origin. */
export const ORDER_SECTION_ORIGIN = 'medical-order-sdk';

export type AllowedUploadType = (typeof UPLOAD_ALLOWED_TYPES)[number];

export function isAllowedUploadType(type: string): type is AllowedUploadType {
  return (UPLOAD_ALLOWED_TYPES as readonly string[]).includes(type);
}

export interface FileFacts {
  type: string;
  size: number;
}

export type FileDecision =
  | { action: 'add' }
  | {
      action: 'compress';
      maxSide: number;
      outputType: 'image/jpeg';
      quality: 1;
    }
  | { action: 'reject'; message: string };

const REJECT: FileDecision = { action: 'reject', message: FILE_ERROR_MESSAGE };

/**
 * What to do with a chosen file: other types are an error; images over 3,000,000
 * bytes are resized to at most 1000 px and re-encoded as jpeg at full quality; PDFs over
 * 15,000,000 bytes are an error; the rest is added.
 */
export function decideUpload(file: FileFacts): FileDecision {
  if (!isAllowedUploadType(file.type)) return REJECT;
  if (file.type === 'application/pdf') return file.size > UPLOAD_MAX_BYTES ? REJECT : { action: 'add' };
  if (file.size > UPLOAD_COMPRESSION_THRESHOLD_BYTES) {
    return {
      action: 'compress',
      maxSide: UPLOAD_MAX_IMAGE_SIDE_PX,
      outputType: 'image/jpeg',
      quality: 1,
    };
  }
  return { action: 'add' };
}

/** After compression an image still over 15,000,000 bytes is an error. */
export function decideCompressed(size: number): FileDecision {
  return size > UPLOAD_MAX_BYTES ? REJECT : { action: 'add' };
}

/** The resized dimensions: the longest side at most 1000 px, keeping the aspect ratio. */
export function resizedDimensions(
  width: number,
  height: number,
  maxSide: number = UPLOAD_MAX_IMAGE_SIDE_PX,
): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (longest <= maxSide) return { width, height };
  const scale = maxSide / longest;
  return {
    width: Math.round(width * scale),
    height: Math.round(height * scale),
  };
}

/** One file per selection: extra files of a multiple selection are ignored. */
export function fileOfSelection<T>(files: ArrayLike<T> | null | undefined): T | null {
  return files && files.length > 0 ? (files[0] ?? null) : null;
}

/** 'Subir archivo' for the first file, 'Subir otra orden' for more. */
export function uploadButtonLabel(fileCount: number): string {
  return fileCount === 0 ? UPLOAD_FIRST_FILE_LABEL : UPLOAD_ANOTHER_FILE_LABEL;
}

/** 'Continuar' needs at least one file. */
export function canContinueUpload(fileCount: number): boolean {
  return fileCount >= 1;
}
