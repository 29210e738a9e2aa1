// House rules in tooling: no floating promises, no `any`, no `.only` in tests, no import cycles,
// module boundaries (apps never import each other, packages import no app code), and heavy
// server libraries loaded only on first use.
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Loaded on first use (`await import('docx')`) so an idle server does not hold them (idle RSS,
// docs/benchmarks.md); `import type` is fine.
const LAZY_LIBRARIES = [
  'docx',
  'pdfkit',
  'mammoth',
  'linkedom',
  'turndown',
  '@mozilla/readability',
  'nodemailer',
  'bullmq',
  'undici',
  '@modelcontextprotocol/sdk/client/index.js',
  '@modelcontextprotocol/sdk/client/sse.js',
  '@modelcontextprotocol/sdk/client/streamableHttp.js',
  '@modelcontextprotocol/sdk/server/mcp.js',
  '@modelcontextprotocol/sdk/server/streamableHttp.js',
  'stripe',
  '@aws-sdk/client-s3',
  '@aws-sdk/lib-storage',
];

const HOUSE_SYNTAX_RULES = [
  {
    selector: "CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name='only']",
    message: 'No .only in committed tests.',
  },
  {
    selector: 'ExportDefaultDeclaration',
    message: 'Named exports only.',
  },
];

// Server time comes from the app's clock (ctx.clock, lib/clock.ts), so tests move it instead of
// sleeping. A place that must read real time says why in an eslint-disable comment.
const CLOCK_MESSAGE =
  "Read time from the app's clock (ctx.clock.now() / ctx.clock.date()), not the system clock.";
const SERVER_TIME_SYNTAX_RULES = [
  { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: CLOCK_MESSAGE },
  {
    selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
    message: CLOCK_MESSAGE,
  },
];

// tsconfig.check.json gives every workspace Vite's client types; on the server they are a lie.
const SERVER_ENV_SYNTAX_RULE = {
  selector: "MemberExpression[object.type='MetaProperty'][property.name='env']",
  message:
    'import.meta.env is filled in by Vite for the web app only; the server reads its config (config.ts).',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.output/**',
      '**/.wxt/**',
      'data/**',
      'test-output/**',
      '**/drizzle/**',
      '**/*.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      // one program over every workspace (tsconfig.check.json), the same one `npm run typecheck` checks
      parserOptions: { project: ['./tsconfig.check.json'], tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': ['error', ...HOUSE_SYNTAX_RULES],
    },
  },
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // parse TypeScript dependencies too (the cycle check reads every file it reaches)
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.check.json' })],
    },
    rules: {
      // A lazily loaded job handler may import its definition back: cycles through import() are fine.
      'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './apps/web',
              from: './apps/server',
              message: 'The web app talks to the server over HTTP.',
            },
            { target: './apps/server', from: './apps/web', message: 'The server never imports web code.' },
            { target: './packages', from: './apps', message: 'Packages import no app code.' },
            // Server layers (docs/architecture.md): the leaves know nothing of features or HTTP.
            ...['db', 'lib', 'storage', 'ingest', 'config.ts', 'config.mcp.ts', 'context.ts'].map((leaf) => ({
              target: `./apps/server/src/${leaf}`,
              from: [
                './apps/server/src/modules',
                './apps/server/src/http',
                './apps/server/src/services.ts',
                './apps/server/src/server.ts',
              ],
              message: `${leaf} is a leaf layer: it imports no module, HTTP code or the composition root.`,
            })),
            {
              // every module asks the access policy, so it depends on none of them
              target: './apps/server/src/modules/access',
              from: './apps/server/src/modules',
              except: ['./access'],
              message: 'modules/access imports no other module: move the shared bit into lib/ or db/.',
            },
            {
              // a module's handlers are composed by modules/index.ts only
              target: './apps/server/src/modules/*/!(*.test).ts',
              from: './apps/server/src/modules/*/*.routes.ts',
              message:
                "A module never imports another module's routes; share a service or a function instead.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: LAZY_LIBRARIES.map((name) => ({
            name,
            allowTypeImports: true,
            message: `Load ${name} on first use (await import('${name}')); a static import loads it at start.`,
          })),
        },
      ],
      'no-restricted-syntax': [
        'error',
        ...HOUSE_SYNTAX_RULES,
        ...SERVER_TIME_SYNTAX_RULES,
        SERVER_ENV_SYNTAX_RULE,
      ],
    },
  },
  {
    // the clock itself is where system time is read
    files: ['apps/server/src/lib/clock.ts'],
    rules: { 'no-restricted-syntax': ['error', ...HOUSE_SYNTAX_RULES, SERVER_ENV_SYNTAX_RULE] },
  },
  {
    // WXT reads each extension entrypoint's default export (defineBackground, defineUnlistedScript)
    files: ['apps/extension/src/entrypoints/*.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // config files of tools require default exports
    files: ['**/*.config.{ts,js,mjs}', '**/vite.config.ts', '**/drizzle.config.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
);
