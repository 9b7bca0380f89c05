/** Layer rules of checked by `npm run lint`. */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Import cycles make modules impossible to reason about one at a time.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment: 'packages/domain imports no app and no Node or browser runtime.',
      from: { path: '^packages/domain/' },
      to: {
        path: [
          '^apps/',
          '^packages/embed/',
          'node_modules/(react|react-dom|fastify|drizzle-orm|pg)/',
          '^(fs|path|crypto|http|net|os|child_process)$',
        ],
      },
    },
    {
      name: 'embed-has-no-dependencies',
      severity: 'error',
      comment: 'The embed script ships with no runtime dependencies.',
      from: { path: '^packages/embed/src/', pathNot: '\\.test\\.ts$' },
      to: { path: ['node_modules', '^packages/domain/', '^apps/'] },
    },
    {
      name: 'apps-do-not-import-each-other',
      severity: 'error',
      from: { path: '^apps/api/' },
      to: { path: '^apps/(widget|console)/' },
    },
    {
      name: 'console-imports-no-other-app',
      severity: 'error',
      comment:
        'The console talks to the API over HTTP only, and shares nothing with the widget but the domain.',
      from: { path: '^apps/console/' },
      to: { path: '^apps/(api|widget)/' },
    },
    {
      name: 'widget-does-not-import-console',
      severity: 'error',
      from: { path: '^apps/widget/' },
      to: { path: '^apps/console/' },
    },
    {
      name: 'widget-does-not-import-api',
      severity: 'error',
      comment:
        "Only the widget's test support may build the real API (its own test support) for the component tests to talk to.",
      from: { path: '^apps/widget/', pathNot: '^apps/widget/src/test-support/' },
      to: { path: '^apps/api/' },
    },
    {
      name: 'widget-test-support-imports-only-api-test-support',
      severity: 'error',
      from: { path: '^apps/widget/src/test-support/' },
      to: { path: '^apps/api/', pathNot: '^apps/api/src/test-support/' },
    },
    {
      name: 'steps-are-independent',
      severity: 'error',
      comment: 'A step folder never imports another; steps share through stores/, flow/, ui/ and domain.',
      from: { path: '^apps/widget/src/steps/([^/]+)/' },
      to: { path: '^apps/widget/src/steps/', pathNot: '^apps/widget/src/steps/$1/' },
    },
    {
      name: 'widget-ui-is-presentational',
      comment:
        'ui/ is the widget kit: it draws what it is given. Components that read the stores or call the API live in components/ or in their step.',
      severity: 'error',
      from: { path: '^apps/widget/src/ui/' },
      to: { path: '^apps/widget/src/(api|stores|flow|steps|components|host)/' },
    },
    {
      name: 'api-modules-are-independent-of-routes',
      severity: 'error',
      comment: "A module may use another module's service or queries, never its routes.",
      from: { path: '^apps/api/src/modules/([^/]+)/' },
      to: { path: '^apps/api/src/modules/([^/]+)/routes\\.ts$', pathNot: '^apps/api/src/modules/$1/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['dist', 'coverage', 'node_modules'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'default'],
      extensions: ['.ts', '.tsx', '.js'],
    },
  },
};
