/**
 * The import rules of ARCHITECTURE.md ("Layers"), checked by `pnpm check:imports` inside `npm test`.
 * Kit folders hold mechanisms with no domain knowledge; modules hold the domain; the assembly files beside
 * app.ts put them together. Arrows only point down: assembly → modules → kit.
 */
const API = '^apps/api/src/';
const ASSEMBLY = `${API}(app|server|router|rest-routes|jobs|sandbox|sandbox-tasks|sandbox-child)\\.ts$`;
const KIT = `${API}(lib|db|rest|trpc)/`;

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle: split the shared part into its own file (see ARCHITECTURE.md).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'kit-imports-no-domain',
      severity: 'error',
      comment: 'lib/, db/, rest/ and trpc/ are kits: they never import a module or an assembly file.',
      from: { path: KIT },
      to: { path: [`${API}modules/`, ASSEMBLY] },
    },
    {
      name: 'modules-import-no-assembly',
      severity: 'error',
      comment: 'Modules are assembled beside app.ts; they never import the assembly.',
      from: { path: `${API}modules/` },
      to: { path: ASSEMBLY },
    },
    {
      name: 'adapters-are-private',
      severity: 'error',
      comment:
        "A module may call another module's service, never its router, REST routes, jobs or sandbox tasks.",
      from: { path: `${API}modules/([^/]+)/` },
      to: { path: `${API}modules/([^/]+)/(router|rest|job|tasks)\\.ts$`, pathNot: `${API}modules/$1/` },
    },
    {
      name: 'contracts-import-only-zod',
      severity: 'error',
      comment: 'The contracts are shared by every app: plain zod schemas and constants, nothing else.',
      from: { path: '^packages/contracts/src/' },
      to: { dependencyTypesNot: ['local'], pathNot: '(^|/)node_modules/zod/' },
    },
    {
      name: 'web-knows-only-api-types',
      severity: 'error',
      comment: 'The web app may import the API router type, never API code.',
      from: { path: '^apps/web/src/' },
      to: { path: '^apps/api/', dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules|\\.turbo)/|routeTree\\.gen\\.ts$' },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
