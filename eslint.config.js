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
    plugins: { visita: { rules: { 'kebab-case-files': kebabCaseFiles } } },
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
    files: ['apps/widget/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
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
