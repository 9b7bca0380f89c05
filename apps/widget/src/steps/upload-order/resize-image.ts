import { resizedDimensions } from '@visita/domain/files';

/** Resizes an image to at most `maxSide` px on its longest side and re-encodes it as JPEG. */
export async function resizeImage(file: File, maxSide: number, quality: number): Promise<File> {
  const bitmap = await createImageBitmap(file);
  const { width, height } = resizedDimensions(bitmap.width, bitmap.height, maxSide);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('canvas unavailable');
  // JPEG has no transparency: a white background rather than black.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
  if (!blob) throw new Error('encoding failed');
  const name = file.name.replace(/\.[^.]+$/, '') + '.jpg';
  return new File([blob], name, { type: 'image/jpeg', lastModified: Date.now() });
}
