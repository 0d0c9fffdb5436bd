// Architecture guard rails (issue 12): the import table of docs DESIGN.md, type-aware TypeScript rules and React's
// rules of hooks, enforced by `npm run lint` (and `npm test`). Formatting is Prettier's job, not ESLint's.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import vis from './scripts/eslint/boundaries.js';

const TEST_FILES = [
  '**/*.test.ts',
  '**/*.test.tsx',
  '**/testing/**',
  '**/testing.ts',
  '**/testing-*.ts',
  'web/e2e/**',
  'reliability/**',
  'bench/**',
  'scripts/**',
];

/** `no-restricted-imports` for one package of the table: `patterns` are regular expressions on the specifier. */
const mayNotImport = (files, patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

const services = (...names) => ({
  regex: `^@vis/(${names.join('|')})(/|$)`,
  message: 'DESIGN.md: this package may not import that service (see the package table).',
});

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/.cache/**', 'coverage/**'] },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', '*.ts', 'scripts/*.mjs', 'scripts/eslint/*.js', 'web/vite.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    plugins: { vis },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // A floating promise is an un-awaited async call: its failure vanishes. On for all production code.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // The ports are async so that every adapter fits them; the embedded (LMDB) adapters are synchronous underneath.
      '@typescript-eslint/require-await': 'off',
      // ws delivers `RawData` (Buffer | ArrayBuffer | Buffer[]): String() of those is the text, not '[object Object]'.
      '@typescript-eslint/no-base-to-string': ['error', { ignoredTypeNames: ['Error', 'RegExp', 'URL', 'URLSearchParams', 'Buffer', 'ArrayBuffer'] }],
      // Passing on a caught error as it came (typed unknown) is not the string-rejection this rule is about.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingUnknown: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // No relative import into another package's files: import its package entry (`@vis/…`).
      'vis/no-relative-packages': 'error',
      'vis/no-testing-in-production': 'error',
    },
  },
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },

  // A Map trimmed from its oldest key walks past every hole its deletions left (infrastructure/src/runtime/bounded-cache.ts).
  {
    ignores: TEST_FILES,
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='next'][callee.object.type='CallExpression'][callee.object.callee.property.name='keys']",
          message: 'A bounded cache is an LRUCache (@vis/infrastructure): trimming a Map by keys().next() costs O(deleted entries).',
        },
      ],
    },
  },

  // The package table of DESIGN.md.
  {
    ...mayNotImport(
      ['domain/**'],
      [{ regex: '^(?!zod$|zod/|@vis/domain(/|$)|\\.)', message: 'DESIGN.md: domain is pure and imports zod only (no I/O, no other package).' }],
    ),
    ignores: TEST_FILES,
  },
  mayNotImport(
    ['domain/**/*.test.ts', 'domain/**/testing/**'],
    [
      {
        regex: '^(?!zod$|zod/|vitest$|fast-check$|@vis/domain(/|$)|\\.)',
        message: 'Domain tests use vitest and fast-check besides the domain itself.',
      },
    ],
  ),
  mayNotImport(['infrastructure/**'], [services('command-api', 'query-api', 'projections', 'web')]),
  mayNotImport(['command-api/**'], [services('query-api', 'projections', 'web')]),
  mayNotImport(['projections/**'], [services('command-api', 'query-api', 'web')]),
  // query-api reads projections' read-model types; it never imports command-api, tests included.
  mayNotImport(['query-api/**'], [services('command-api', 'web')]),
  mayNotImport(
    ['web/src/**'],
    [
      { regex: '^@vis/(?!domain(/|$))', message: 'DESIGN.md: the web app imports only shared types from @vis/domain.' },
      { regex: '^node:', message: 'The web app runs in the browser.' },
    ],
  ),

  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, 'vis/web-layers': 'error' },
  },

  { files: ['web/public/**/*.js'], languageOptions: { globals: { ...globals.browser } } },

  {
    files: TEST_FILES,
    rules: {
      // Test doubles and property-based generators type what they fake loosely on purpose.
      '@typescript-eslint/no-explicit-any': 'off',
      // Spies wrap methods (`vi.fn(projection.evolve)`) and proxies re-bind them on purpose.
      '@typescript-eslint/unbound-method': 'off',
      // supertest's response bodies, JSON.parse and test doubles are `any` by design: asserting on them is the test.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
);
