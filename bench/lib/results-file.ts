import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * bench/RESULTS.md is written by two commands: `npm run bench` (the API figures) and
 * `npm run bench:lighthouse` (the widget's). Each owns a section between markers and leaves the
 * other's as it was, so running one does not erase what the other measured. What follows the
 * last section (notes on earlier runs, written by hand) is kept as it is.
 */
export type Section = 'api' | 'widget';

const START = (section: Section) => `<!-- ${section}:start -->`;
const END = (section: Section) => `<!-- ${section}:end -->`;
const ORDER: Section[] = ['api', 'widget'];

function readSection(text: string, section: Section): string | undefined {
  const start = text.indexOf(START(section));
  const end = text.indexOf(END(section));
  if (start === -1 || end === -1 || end < start) return undefined;
  return text.slice(start + START(section).length, end).trim();
}

const PLACEHOLDER: Record<Section, string> = {
  api: '## API\n\nNot measured yet: run `npm run bench`.',
  widget: '## Widget\n\nNot measured yet: run `npm run bench:lighthouse -w @visita/bench`.',
};

/** Replaces one section of the file at `path`, keeping the other as it is (or a placeholder). */
export function writeSection(path: URL | string, section: Section, body: string): void {
  const old = existsSync(path) ? readFileSync(path, 'utf8') : '';
  // A file from before the sections held the API figures alone: they stay, as the API section.
  const unmarked =
    old.trim() !== '' && !old.includes('<!-- ')
      ? `## API\n\n${old.replace(/^# Benchmark results\s*/, '').trim()}`
      : undefined;
  const parts = ORDER.map((name) => {
    const kept = readSection(old, name) ?? (name === 'api' ? unmarked : undefined);
    const text = name === section ? body.trim() : (kept ?? PLACEHOLDER[name]);
    return `${START(name)}\n${text}\n${END(name)}`;
  });
  const lastEnd = END(ORDER[ORDER.length - 1] ?? 'widget');
  const tail = old.includes(lastEnd) ? old.slice(old.indexOf(lastEnd) + lastEnd.length).trim() : '';
  writeFileSync(
    path,
    `# Benchmark results\n\nWritten by \`npm run bench\` and \`npm run bench:lighthouse -w @visita/bench\`; ` +
      `bench/README.md says what each figure means.\n\n${parts.join('\n\n')}\n` +
      (tail ? `\n${tail}\n` : ''),
  );
}
