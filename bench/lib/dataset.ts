import pg from 'pg';
import { catalogueSearchText } from '../../apps/api/src/modules/catalogue/search-text.ts';
import { foldSearchText } from '../../apps/api/src/search-text.ts';

/** Exam-name parts combined into thousands of distinct, realistic-looking catalogue items. */
const ANALYTES = [
  'Hemograma',
  'Glicemia',
  'Colesterol',
  'Triglicéridos',
  'Creatinina',
  'Ácido úrico',
  'Ferritina',
  'Vitamina D',
  'Vitamina B12',
  'TSH',
  'T4 libre',
  'Insulina',
  'Hemoglobina glicosilada',
  'Urea',
  'Sodio',
  'Potasio',
  'Calcio',
  'Magnesio',
  'Fósforo',
  'Proteína C reactiva',
  'Bilirrubina',
  'Transaminasas',
  'Fosfatasa alcalina',
  'Albúmina',
  'Amilasa',
  'Lipasa',
  'Cortisol',
  'Prolactina',
  'Testosterona',
  'Estradiol',
  'Progesterona',
  'PSA',
  'Antígeno carcinoembrionario',
  'Hierro',
];
const QUALIFIERS = [
  'en sangre',
  'en orina',
  'basal',
  'post carga',
  'total',
  'libre',
  'ultrasensible',
  'de control',
  'pediátrico',
  'cuantitativo',
  'cualitativo',
  'de 24 horas',
  'en ayunas',
  'con curva',
  'ampliado',
];

const GENERATED_ID_START = 10_000;

/** Adds `count` Chilean items (ids from GENERATED_ID_START) in batches; returns their ids. */
export async function generateCatalogue(databaseUrl: string, count: number): Promise<number[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const ids: number[] = [];
  try {
    for (let start = 0; start < count; start += 500) {
      const rows: unknown[] = [];
      const placeholders: string[] = [];
      for (let i = start; i < Math.min(count, start + 500); i += 1) {
        const id = GENERATED_ID_START + i;
        const analyte = ANALYTES[i % ANALYTES.length] ?? 'Examen';
        const qualifier = QUALIFIERS[Math.floor(i / ANALYTES.length) % QUALIFIERS.length] ?? '';
        const name =
          `${analyte} ${qualifier} ${Math.floor(i / (ANALYTES.length * QUALIFIERS.length)) + 1}`.trim();
        const slug = `${foldSearchText(name).replaceAll(' ', '-')}-${id}`;
        const base = rows.length;
        placeholders.push(
          `($${base + 1}, 'Measure', $${base + 2}, $${base + 3}, 'exam', 'cl', $${base + 4}, $${base + 5})`,
        );
        rows.push(id, name, slug, 3000 + (i % 40) * 500, catalogueSearchText({ name, category: 'exam' }));
        ids.push(id);
      }
      await client.query(
        `insert into catalogue_items (id, resourcetype, name, slug, category, country, price, search_text)
         values ${placeholders.join(', ')} on conflict (id) do nothing`,
        rows,
      );
    }
  } finally {
    await client.end();
  }
  return ids;
}
