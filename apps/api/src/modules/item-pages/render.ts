import { formatCurrency } from '@visita/domain/money';
import type { CountryCode } from '@visita/domain/locale';

/** Escapes text for HTML content and attribute values: no catalogue or client text is trusted. */
function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const DEFAULT_MAIN = '#0F766E';
const DEFAULT_DARK = '#134E4A';

/** A colour goes into the page's CSS only when it is a plain hex colour. */
const colour = (value: unknown, fallback: string) =>
  typeof value === 'string' && HEX_COLOUR.test(value) ? value : fallback;

export interface PageTheme {
  main?: unknown;
  dark?: unknown;
  /** The partner's name, shown above the title. */
  partner?: string | null;
}

export interface ItemPage {
  kind: 'pack' | 'item';
  name: string;
  description: string | null;
  /** The lowest price the person can pay (a promotion when there is one). */
  priceFrom: number | null;
  country: CountryCode;
  fastHours: number | null;
  resultsHours: number | null;
  resultsOnBusinessDays: boolean;
  /** A pack's included exams. */
  includes: readonly string[];
}

function layout(title: string, body: string, theme: PageTheme): string {
  const main = colour(theme.main, DEFAULT_MAIN);
  const dark = colour(theme.dark, DEFAULT_DARK);
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a;background:#f8fafc;line-height:1.5}
header{background:${dark};color:#fff;padding:1rem 1.5rem}
header p{margin:0;font-weight:600}
main{max-width:40rem;margin:0 auto;padding:1.5rem}
h1{color:${main};margin:0 0 .75rem;font-size:1.75rem}
h2{font-size:1.1rem;margin:1.5rem 0 .5rem}
.price{font-size:1.25rem;font-weight:700;color:${dark}}
.box{background:#fff;border:1px solid #e2e8f0;border-left:4px solid ${main};border-radius:.5rem;padding:1rem 1.25rem;margin-top:1rem}
</style>
</head>
<body>
<header><p>${escapeHtml(theme.partner?.trim() || 'Visita')}</p></header>
<main>
${body}
</main>
</body>
</html>
`;
}

function fastingLine(hours: number | null): string {
  return hours && hours > 0 ? `Requiere ayuno de ${hours} horas.` : 'No requiere ayuno.';
}

function resultsLine(hours: number | null, businessDays: boolean): string | null {
  if (!hours || hours <= 0) return null;
  return `Resultados en ${hours} horas${businessDays ? ' hábiles' : ''}.`;
}

/** The page of one exam, service or pack of the catalogue. */
export function itemPageHtml(item: ItemPage, theme: PageTheme): string {
  const results = resultsLine(item.resultsHours, item.resultsOnBusinessDays);
  const parts = [
    `<h1>${escapeHtml(item.name)}</h1>`,
    item.priceFrom !== null
      ? `<p class="price">Desde ${escapeHtml(formatCurrency(item.priceFrom, item.country))}</p>`
      : '',
    item.description ? `<p>${escapeHtml(item.description)}</p>` : '',
    item.includes.length > 0
      ? `<h2>Incluye</h2><ul>${item.includes.map((name) => `<li>${escapeHtml(name)}</li>`).join('')}</ul>`
      : '',
    `<section class="box" aria-labelledby="preparacion"><h2 id="preparacion">Preparación</h2><p>${fastingLine(item.fastHours)}</p>${
      results ? `<p>${escapeHtml(results)}</p>` : ''
    }</section>`,
  ];
  return layout(item.name, parts.filter(Boolean).join('\n'), theme);
}

/** The page for a slug the catalogue does not have. */
export function notFoundPageHtml(kind: 'pack' | 'item', theme: PageTheme): string {
  const title = kind === 'pack' ? 'No encontramos este pack' : 'No encontramos este examen';
  return layout(
    title,
    `<h1>${title}</h1>
<p>Puede que el enlace esté incompleto o que ya no esté disponible. Vuelve a la página de agendamiento y búscalo por su nombre.</p>`,
    theme,
  );
}
