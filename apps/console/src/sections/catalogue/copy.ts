import type { CatalogueStockState } from '@visita/domain/contract/console-catalogue';

/** The catalogue section's texts. */
export const COPY = {
  title: 'Catálogo',
  caption: 'Ítems del catálogo',
  loading: 'Cargando…',
  noResults: 'No hay ítems con esos filtros.',
  filters: 'Filtrar el catálogo',
  country: 'País',
  chile: 'Chile',
  mexico: 'México',
  kind: 'Tipo',
  anyKind: 'Todos',
  activity: 'Estado',
  anyActivity: 'Todos',
  onlyActive: 'Activos',
  onlyInactive: 'Inactivos',
  limitedStock: 'Solo con stock limitado',
  search: 'Nombre o id',
  apply: 'Ver ítems',
  newItem: 'Nuevo ítem',
  shown: (shown: number, total: number) =>
    shown < total ? `Se muestran ${shown} de ${total} ítems.` : `${total} ítems.`,
  id: 'Id',
  name: 'Nombre',
  displayName: 'Nombre para mostrar',
  price: 'Precio base',
  noPrice: 'sin precio',
  stock: 'Stock',
  active: 'Activo',
  yes: 'Sí',
  no: 'No',
  stockText: (state: CatalogueStockState, stock: number | null) =>
    state === 'unlimited'
      ? 'Ilimitado'
      : state === 'out'
        ? `Agotado (${stock ?? 0})`
        : `${stock ?? 0} disponibles`,
  // The item's page and form
  back: 'Volver al catálogo',
  newTitle: 'Nuevo ítem del catálogo',
  itemTitle: (name: string) => name,
  created: (name: string) => `${name} quedó creado.`,
  saved: 'Cambios guardados. El widget ya los muestra.',
  save: 'Guardar cambios',
  create: 'Crear ítem',
  idLabel: 'Id',
  idHint: (next: number) =>
    `Fijo para siempre: los enlaces (?services=…) lo usan. Vacío: el siguiente libre (${next}).`,
  nameHint: 'El nombre con que se busca y se lista.',
  displayNameHint: 'Lo que muestran las fuentes de venta que usan nombres para mostrar; vacío: el nombre.',
  shortName: 'Nombre corto',
  slug: 'Dirección (slug)',
  slugHint: 'Minúsculas sin tilde, números y guiones; única en el país. Vacía: se forma con el nombre.',
  skill: 'Habilidad que necesita la enfermera',
  skillHintPack: 'Un pack necesita las habilidades de sus ítems.',
  fastHours: 'Horas de ayuno',
  fastHint: 'Vacío o 0: sin ayuno.',
  resultsHours: 'Plazo de resultados (horas)',
  resultsOnBusinessDays:
    'El plazo se cuenta en horas hábiles (una visita en sábado o domingo suma 48 o 24 horas)',
  allowsMore: 'Se puede combinar con otros ítems en la misma visita',
  allowsMoreHint: 'Sin marcar, se agenda solo: el carrito no acepta otro ítem con él.',
  stackable: 'Acumulable (campo «stackable» que recibe el widget; hoy no cambia nada en la reserva)',
  activeLabel: 'Activo (se lista, se busca y se reserva)',
  description: 'Texto de la página de más información',
  cmsSlug: 'Página de más información (/wiki/…)',
  cmsSlugHint: 'Vacía: el widget no muestra «Más información» para este ítem.',
  tags: 'Etiquetas (palabras con que también se encuentra)',
  items: 'Ítems incluidos, en orden',
  itemsHintPack: 'Al menos uno; nunca un pack. El orden es el de elección.',
  itemsHintExam: 'Las mediciones del examen (lo vuelven un perfil); vacío si no tiene.',
  oncePerPerson: 'Una vez por persona',
  oncePerPersonText: (sources: readonly string[]) =>
    sources.length > 0
      ? `Sí, para ${sources.join(', ')}: lo decide la regla del fondo de beneficios de esa fuente (su perfil de socio), no el ítem.`
      : 'No: el catálogo no tiene ese campo; lo decide la regla del fondo de beneficios de cada fuente (su perfil de socio).',
  skillsNeeded: 'Habilidades necesarias',
  inPacks: 'Incluido en',
  moreInfo: 'Página de más información',
  none: '—',
  // Stock
  stockTitle: 'Stock compartido',
  stockLabel: 'Unidades disponibles',
  stockHint:
    'Lo toman las fuentes sin existencias propias. Vacío: ilimitado. En 0, las fuentes que siguen este stock cierran su widget con «Se acabó el stock.».',
  stockSources: (sources: readonly string[]) =>
    sources.length > 0
      ? `Fuentes que cierran al agotarse: ${sources.join(', ')}.`
      : 'Ninguna fuente cierra su widget al agotarse; las confirmaciones se rechazan si falta stock.',
  stockSave: 'Guardar stock',
  stockSaved: (text: string) => `Stock guardado: ${text}.`,
  badStock: 'El stock debe ser un número entero, 0 o más, o vacío para ilimitado.',
  // Stock per sales source
  sourceStockTitle: 'Existencias por fuente',
  sourceStockIntro:
    'Una fuente con existencias propias toma de ellas al confirmar y cierra su widget con «Se acabó el stock.» cuando llegan a 0; las demás fuentes toman del stock compartido.',
  noSourceStock: 'Ninguna fuente tiene existencias propias: todas toman del stock compartido.',
  sourceColumn: 'Fuente',
  unitsColumn: 'Unidades',
  stateColumn: 'Estado',
  actionsColumn: 'Acciones',
  sourceUnitsOf: (source: string) => `Unidades de ${source}`,
  sourceSave: (source: string) => `Guardar unidades de ${source}`,
  sourceEdit: (source: string) => `Editar ${source}`,
  sourceRemove: (source: string) => `Quitar ${source}`,
  cancel: 'Cancelar',
  sourceAddTitle: 'Dar existencias propias a una fuente',
  sourceLabel: 'Fuente de venta',
  sourceChoose: 'Elige una fuente',
  sourceUnits: 'Unidades de la fuente',
  sourceAdd: 'Agregar existencias',
  noOtherSources: 'Todas las fuentes de venta ya tienen existencias propias.',
  sourceMissing: 'Elige la fuente de venta.',
  badSourceUnits: 'Las unidades deben ser un número entero, 0 o más.',
  sourceStockSaved: (source: string, stock: number) =>
    `Existencias de ${source} guardadas: ${stock === 0 ? 'Agotado (0)' : `${stock} disponibles`}.`,
  sourceStockRemoved: (source: string) => `${source} vuelve a tomar del stock compartido.`,
  badNumber: (what: string) => `${what}: escribe un número entero de horas, o déjalo vacío.`,
} as const;

export const SKILL_LABELS = {
  lab: 'Toma de muestras',
  vaccine: 'Vacunación',
  medical_service: 'Servicios médicos',
} as const;
