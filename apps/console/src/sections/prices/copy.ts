import type { ConsolePriceItem } from '@visita/domain/contract/console-prices';

/** The prices section's words (Spanish, as the whole console). */
export const COPY = {
  title: 'Precios',
  filtersTitle: 'Filtrar',
  country: 'País',
  countries: { cl: 'Chile', mx: 'México' },
  source: 'Fuente de venta',
  anySource: 'Todas las fuentes',
  search: 'Ítem (nombre o id)',
  show: 'Ver precios',
  resultsTitle: 'Ítems y precios',
  caption: (country: string, source: string | null) =>
    source
      ? `Precios de ${country} para la fuente «${source}»: el precio base, los de esa fuente y los de toda fuente en una comuna.`
      : `Precios de ${country}: el precio base de cada ítem y los que difieren por fuente de venta o comuna.`,
  loading: 'Cargando precios…',
  shown: (shown: number, total: number) =>
    total === 1
      ? 'Un ítem.'
      : shown === total
        ? `${total} ítems.`
        : `${shown} de ${total} ítems (afina la búsqueda).`,
  none: 'Ningún ítem coincide con el filtro.',
  id: 'Id',
  item: 'Ítem',
  basePrice: 'Precio base',
  promotion: 'Promoción',
  fonasa: 'Fonasa (precio / copago)',
  overrides: 'Precios distintos',
  actions: 'Acciones',
  noBasePrice: 'Sin precio base',
  noFonasa: 'No aplica',
  inactive: '(inactivo)',
  noOverrides: 'Ninguno',
  everySource: 'Toda fuente',
  everyCommune: 'toda comuna',
  overrideLabel: (source: string | null, commune: string | null) =>
    `${source ?? 'Toda fuente'} · ${commune ?? 'toda comuna'}`,
  withPromotion: (promotion: string) => ` (promoción ${promotion})`,
  edit: (item: string, scope: string) => `Editar ${item}: ${scope}`,
  editShort: 'Editar',
  add: 'Agregar precio',
  addFor: (item: string) => `Agregar precio a ${item}`,
  download: 'Descargar CSV',
  downloadHint: 'Los precios distintos del filtro, en las columnas que lee la importación.',
  // The edit dialog
  dialogTitle: (item: ConsolePriceItem) => `Precio de ${item.name}`,
  commune: 'Comuna',
  communeHint: 'Vacía: el precio vale en toda comuna.',
  price: 'Precio',
  promotionPrice: 'Precio de promoción',
  promotionHint: 'Vacío: sin promoción.',
  save: 'Guardar precio',
  cancel: 'Cancelar',
  close: 'Cerrar',
  saved: (item: string) => `Se guardó el precio de ${item}. El widget ya lo cotiza.`,
  needScope: 'Indica una fuente de venta, una comuna o ambas: el precio base no se cambia aquí.',
  badPrice: 'El precio debe ser un número entero, sin puntos ni símbolos.',
  badPromotion: 'El precio de promoción debe ser un número entero menor que el precio, o vacío.',
  // The import
  importTitle: 'Importar CSV',
  importIntro:
    'Primero se revisa el archivo sin cambiar nada: verás las filas agregadas, cambiadas, quitadas y rechazadas con su motivo. Los cambios se escriben solo al aplicarlos, todos juntos.',
  importCountry: (country: string) =>
    `Los precios se importan en el catálogo de ${country} (el país del filtro).`,
  file: 'Archivo CSV',
  fileHint: (columns: string) => `Columnas: ${columns}. Separadas por comas o punto y coma.`,
  covers: 'El archivo cubre toda una fuente de venta',
  coversHint:
    'Se quitan los precios de esa fuente que el archivo no nombra. Sin marcar, no se quita ningún precio.',
  coversSource: 'Fuente que cubre el archivo',
  review: 'Revisar archivo',
  noFile: 'Elige un archivo CSV.',
  noCoversSource: 'Elige la fuente de venta que cubre el archivo.',
  fileTooBig: 'El archivo es demasiado grande: divide los precios en varios.',
  summary: (d: { added: number; changed: number; removed: number; refused: number; unchanged: number }) =>
    `Revisión: ${d.added} agregados, ${d.changed} cambiados, ${d.removed} quitados, ${d.refused} rechazados, ${d.unchanged} sin cambios.`,
  addedTitle: 'Agregados',
  changedTitle: 'Cambiados',
  removedTitle: 'Quitados',
  refusedTitle: 'Rechazados',
  line: 'Línea',
  scope: 'Fuente · comuna',
  before: 'Antes',
  after: 'Después',
  reason: 'Motivo',
  cells: 'Fila leída',
  moreRows: (shown: number, total: number) => `Se muestran las primeras ${shown} de ${total} filas.`,
  refusedNote:
    'Las filas rechazadas no se aplican; corrige el archivo y vuelve a revisarlo si las necesitas.',
  apply: 'Aplicar cambios',
  nothingToApply: 'No hay cambios que aplicar.',
  applied: (d: { added: number; changed: number; removed: number }) =>
    `Se aplicaron los cambios: ${d.added} agregados, ${d.changed} cambiados, ${d.removed} quitados. El widget ya los cotiza.`,
} as const;
