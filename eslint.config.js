import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** File names are kebab-case (the style guide); framework config files keep their usual names. */
const kebabCaseFiles = {
  meta: { type: 'suggestion', schema: [], messages: { name: 'File name "{{name}}" is not kebab-case.' } },
  create(context) {
    const name = context.filename.split('/').pop() ?? '';
    // Tool configuration dotfiles keep the names their tools look for.
    if (name.startsWith('.')) return {};
    const base = name.replace(/(\.(test|spec|config|d))?\.[cm]?[jt]sx?$/, '');
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(base)) {
      context.report({ loc: { line: 1, column: 0 }, messageId: 'name', data: { name } });
    }
    return {};
  },
};

/**
 * No partner in the code: what varies by partner is its profile (docs/partners.md). A partner's id,
 * sales source or name in a string, a template or a comment of application code is a rule that
 * belongs in data. The list holds the partners the project has met (the demo dataset's); add a
 * partner here when one is onboarded, not to the code. 'esencial' is also a Spanish word: it counts
 * only as a whole string.
 */
const PARTNER_NAMES =
  /cajalosandes|caja\s+los\s+andes|cl[ií]nica\s*alemana|redsalud|red\s+salud|cruz\s*verde|confuturo|idoktor|laboratorio\s*chopo|hospitales\s*san\s*[aá]ngel|hospitalessanangelinn|\bdemo-(laas|split|tyc|claro|om-redirect|om-tracking|mx)\b/i;
const PARTNER_IDS_ONLY_WHOLE = new Set(['esencial']);
const noPartnerNames = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      name: 'Partner "{{name}}" in application code: put this behaviour or text in the partner\'s profile (docs/partners.md).',
    },
  },
  create(context) {
    const check = (node, text, whole) => {
      const found =
        text.match(PARTNER_NAMES)?.[0] ?? (whole && PARTNER_IDS_ONLY_WHOLE.has(text) ? text : null);
      if (found) context.report({ node, messageId: 'name', data: { name: found } });
    };
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) check(comment, comment.value, false);
      },
      Literal(node) {
        if (typeof node.value === 'string') check(node, node.value, true);
      },
      TemplateElement(node) {
        check(node, node.value.cooked ?? node.value.raw, false);
      },
      JSXText(node) {
        check(node, node.value, false);
      },
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: {
      visita: { rules: { 'kebab-case-files': kebabCaseFiles, 'no-partner-names': noPartnerNames } },
    },
    rules: {
      'visita/kebab-case-files': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-import-type-side-effects': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'error',
      'no-console': ['error', { allow: ['error', 'warn', 'info'] }],
      eqeqeq: ['error', 'always'],
    },
  },
  {
    // Application code; seeds (the demo partners are their data) and tests name partners freely.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    ignores: [
      '**/*.test.{ts,tsx}',
      '**/seed/**',
      '**/test-support/**',
      '**/test-fixtures.ts',
      '**/test-files.ts',
      '**/robustness/seeds.ts',
    ],
    rules: { 'visita/no-partner-names': 'error' },
  },
  {
    files: ['apps/widget/src/**/*.{ts,tsx}', 'apps/console/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The step changes only through the navigation hook, whose rules are tested in the domain.
    files: ['apps/widget/src/**/*.{ts,tsx}'],
    ignores: ['apps/widget/src/flow/use-navigation.ts', 'apps/widget/src/stores/**', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name='setStep']",
          message:
            'Change the step with useNavigation() (next, back, goTo, goToFirst), never the flow store.',
        },
      ],
    },
  },
  {
    // The API refuses with the contract's catalogue (@visita/domain/contract/api-errors) only.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/errors.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='AppError']",
          message: 'Throw fail(ERRORS.X) with an entry of @visita/domain/contract/api-errors.',
        },
        {
          selector: "Property[key.name='err'] > Literal",
          message: 'Error slugs live in @visita/domain/contract/api-errors.',
        },
      ],
    },
  },
  {
    files: ['packages/domain/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(react|react-dom|fastify|drizzle-orm|pg)(/.*)?$',
              message: 'The domain package is pure: no frameworks.',
            },
            { regex: '^node:', message: 'The domain package has no I/O and no Node APIs.' },
            { regex: '^@visita/(api|widget)', message: 'The domain package imports no app.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'process', 'Buffer', 'window', 'document', 'localStorage', 'fetch'],
    },
  },
);
