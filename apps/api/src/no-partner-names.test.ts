import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The repository's lint keeps partners out of application code (eslint.config.js,
 * visita/no-partner-names): behaviour that varies by partner lives in its profile.
 */
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const eslint = new ESLint({ cwd: repoRoot });

const partnerErrors = async (code: string, filePath: string) => {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}${filePath}` });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'visita/no-partner-names');
};

describe('lint: no partner names in application code', () => {
  it.each([
    [
      'a sales source compared in the API',
      "export const x = (s: string) => s === 'cajalosandes';\n",
      'apps/api/src/modules/x/rule.ts',
    ],
    [
      'a client id in the widget',
      "export const LAB = 'laboratoriochopo';\n",
      'apps/widget/src/steps/x/rule.ts',
    ],
    [
      'a partner named in copy',
      'export const t = `Afiliado a Caja los Andes`;\n',
      'packages/domain/src/copy-x.ts',
    ],
    [
      'a partner named in a comment',
      '// Only for Clínica Alemana.\nexport const y = 1;\n',
      'apps/api/src/x.ts',
    ],
    ['a whole-string id that is also a word', "export const s = 'esencial';\n", 'apps/api/src/x.ts'],
    ['a demo partner', "export const id = 'demo-laas';\n", 'apps/widget/src/x.ts'],
  ])('fails on %s', async (_case, code, file) => {
    expect(await partnerErrors(code, file)).toHaveLength(1);
  });

  it.each([
    [
      'the Spanish word in a sentence',
      "export const t = 'Un examen esencial para tu salud.';\n",
      'apps/widget/src/x.ts',
    ],
    ['a seed', "export const id = 'cajalosandes';\n", 'apps/api/src/db/seed/x.ts'],
    ['a test', "export const id = 'cajalosandes';\n", 'apps/api/src/modules/x/x.test.ts'],
    ["the product's own marketplace", "export const m = 'marketplace';\n", 'apps/api/src/x.ts'],
  ])('allows %s', async (_case, code, file) => {
    expect(await partnerErrors(code, file)).toEqual([]);
  });
});
