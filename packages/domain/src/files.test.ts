import { describe, expect, it } from 'vitest';
import {
  canContinueUpload,
  decideCompressed,
  decideUpload,
  FILE_ERROR_MESSAGE,
  fileOfSelection,
  resizedDimensions,
  UPLOAD_ORDER_HINT,
  uploadButtonLabel,
} from './files.ts';

const reject = { action: 'reject', message: FILE_ERROR_MESSAGE };
const compress = {
  action: 'compress',
  maxSide: 1000,
  outputType: 'image/jpeg',
  quality: 1,
};

describe('upload decision', () => {
  it.each([
    ['application/pdf', 1000, { action: 'add' }],
    ['application/pdf', 15_000_000, { action: 'add' }],
    ['application/pdf', 15_000_001, reject],
    ['image/jpeg', 3_000_000, { action: 'add' }],
    ['image/jpeg', 3_000_001, compress],
    ['image/png', 20_000_000, compress],
    ['image/gif', 10, reject],
    ['text/plain', 10, reject],
    ['', 10, reject],
  ])('%s of %d bytes -> %o', (type, size, decision) => {
    expect(decideUpload({ type, size })).toEqual(decision);
  });

  it.each([
    [15_000_000, { action: 'add' }],
    [15_000_001, reject],
  ])('compressed to %d bytes -> %o', (size, decision) => {
    expect(decideCompressed(size)).toEqual(decision);
  });

  it.each([
    [4000, 3000, { width: 1000, height: 750 }],
    [3000, 4000, { width: 750, height: 1000 }],
    [1000, 500, { width: 1000, height: 500 }],
    [800, 600, { width: 800, height: 600 }],
    [3333, 1000, { width: 1000, height: 300 }],
  ])('%dx%d resized to %o', (width, height, size) => {
    expect(resizedDimensions(width, height)).toEqual(size);
  });

  it('takes one file per selection', () => {
    expect(fileOfSelection(['a.pdf', 'b.pdf'])).toBe('a.pdf');
    expect(fileOfSelection([])).toBeNull();
    expect(fileOfSelection(null)).toBeNull();
  });

  it('labels the button and needs a file to continue', () => {
    expect(uploadButtonLabel(0)).toBe('Subir archivo');
    expect(uploadButtonLabel(2)).toBe('Subir otra orden');
    expect(canContinueUpload(0)).toBe(false);
    expect(canContinueUpload(1)).toBe(true);
  });

  it('states the 15 MB limit in the error and the hint', () => {
    expect(FILE_ERROR_MESSAGE).toBe(
      'Lo sentimos, no podemos procesar tu archivo. Recuerda que solo puedes subir archivos de tipo .pdf, .png o .jpg menores a 15 MB',
    );
    expect(UPLOAD_ORDER_HINT).toBe('Tamaño máximo de 15 mb.');
  });
});
