import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';
import globals from 'globals';

const web = 'apps/web/src';

// A server module shows one face, its index.ts: other modules and the app import only that (issue
// 46); tests may also import another module's test-support.ts. `npm run check:boundaries` names
// the same imports for modules/.
const deepIntoModule = {
  regex: '^\\.\\./[a-z-]+/',
  message: "Import another module through its face ('../<module>'), never one of its files.",
};
const deepIntoModuleFromTest = {
  regex: '^\\.\\./[a-z-]+/(?!test-support$)',
  message: "Import another module through its face ('../<module>') or its test-support.ts.",
};
const deepFromOutside = {
  regex: '(^|/)modules/[a-z-]+/',
  message: "Import a module through its face ('…/modules/<module>'), never one of its files.",
};
const deepFromOutsideTest = {
  regex: '(^|/)modules/[a-z-]+/(?!test-support$)',
  message: "Import a module through its face ('…/modules/<module>') or its test-support.ts.",
};
// One way to authorize (issue 46): a module states its rules in <module>.policy.ts, built from
// lib/policy.ts; routes declare them, services ask their module's policy and never decide by role.
const policyOutsideItsFile = {
  group: ['../../lib/policy'],
  message: "Ask your module's policy (./<module>.policy.ts), which builds its rules from lib/policy.",
};
const roleDecisions = [
  ...['left', 'right'].flatMap((side) => [
    `BinaryExpression[operator=/^[!=]==?$/][${side}.type='MemberExpression'][${side}.property.name='role']`,
    `BinaryExpression[operator=/^[!=]==?$/][${side}.type='ChainExpression'][${side}.expression.property.name='role']`,
    `BinaryExpression[operator=/^[!=]==?$/][${side}.type='Identifier'][${side}.name='role']`,
  ]),
  "SwitchStatement[discriminant.property.name='role']",
  "CallExpression[callee.name='assertStaff']",
].map((selector) => ({
  selector,
  message: "Decisions by role live in the module's <module>.policy.ts (or lib/policy.ts), not here.",
}));
const repositoriesOfOthers = {
  group: ['../*/*.repository', '../../modules/*/*.repository', '**/modules/*/*.repository'],
  message: "Modules call each other's services, never each other's repositories.",
};

const features = readdirSync(new URL(`./${web}/features`, import.meta.url));

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      'apps/server/dist-*/**',
      '**/node_modules/**',
      '**/artifacts/**',
      '**/migrations/**',
      'data/**',
      'coverage/**',
      '**/test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      // Dependencies are parsed as TypeScript too, so no-cycle follows every import.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts', '.cts'] },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'apps/*/tsconfig.json',
            'packages/*/tsconfig.json',
            'e2e/tsconfig.json',
            'bench/tsconfig.json',
          ],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // No circle of value imports, caught while you type; it does not follow type-only imports.
      // Circles with type imports too are checked by madge (`npm run check:circles`).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Server layers: modules never import the app; a module reaches another module only through
    // its service (never its repository); nothing below modules/ imports a module.
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: 'apps/server/src/modules',
              from: 'apps/server/src/app.ts',
              message: 'Modules take their dependencies from app-deps.ts, never from app.ts.',
            },
            {
              target: [
                'apps/server/src/lib',
                'apps/server/src/storage',
                'apps/server/src/mail',
                'apps/server/src/media',
                'apps/server/src/db/schema',
                'apps/server/src/config',
              ],
              from: 'apps/server/src/modules',
              message: 'Shared infrastructure never imports a module.',
            },
          ],
        },
      ],
      'no-restricted-imports': ['error', { patterns: [repositoriesOfOthers, deepFromOutside] }],
    },
  },
  {
    files: ['apps/server/src/modules/*/**/*.ts'],
    ignores: ['**/*.policy.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [repositoriesOfOthers, deepIntoModule, policyOutsideItsFile] },
      ],
    },
  },
  {
    files: ['apps/server/src/modules/*/**/*.policy.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [repositoriesOfOthers, deepIntoModule] }] },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      '**/*.policy.ts',
      'apps/server/src/lib/policy.ts',
      'apps/server/src/plugins/auth.ts',
      '**/*.test.ts',
      '**/test-support.ts',
    ],
    rules: { 'no-restricted-syntax': ['error', ...roleDecisions] },
  },
  {
    // The composition root builds every module through its face too.
    files: ['apps/server/src/modules/index.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ ...deepIntoModule, regex: '^\\./[a-z-]+/' }, repositoriesOfOthers] },
      ],
    },
  },
  {
    files: ['apps/server/src/modules/*/**/*.test.ts', 'apps/server/src/modules/*/**/test-support.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [repositoriesOfOthers, deepIntoModuleFromTest] }],
    },
  },
  {
    files: ['apps/server/test/**/*.ts', 'apps/server/scripts/**/*.ts', 'apps/server/src/*/**/*.test.ts'],
    ignores: ['apps/server/src/modules/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [deepFromOutsideTest] }] },
  },
  {
    // Routes are HTTP only: their schemas come from @app/domain, their work from the service.
    files: ['apps/server/src/modules/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'zod', message: 'Route schemas live in packages/domain (import them from @app/domain).' },
          ],
          patterns: [
            {
              group: ['./*.repository', '../*/*.repository', '**/modules/*/*.repository'],
              message: 'Routes call their service, never a repository.',
            },
            deepIntoModule,
            policyOutsideItsFile,
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Import zones as in bulletproof-react (../shared/STYLE.md habit 1): a feature never imports
      // another feature; shared code (components, hooks, lib, config, theme, testing) never imports
      // a feature or app/; only app/ composes features.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((feature) => ({
              target: `${web}/features/${feature}`,
              from: `${web}/features`,
              except: [`./${feature}`],
              message:
                'A feature never imports another feature: move shared code to components/, hooks/ or lib/.',
            })),
            {
              target: [
                `${web}/components`,
                `${web}/hooks`,
                `${web}/lib`,
                `${web}/config`,
                `${web}/theme`,
                `${web}/content`,
                `${web}/testing`,
              ],
              from: [`${web}/features`, `${web}/app`],
              message: 'Shared code never imports a feature or app/.',
            },
            {
              target: `${web}/features`,
              from: `${web}/app`,
              message: 'Features never import app/: app/ composes features.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**/*.mjs'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Functions a person can read (issue 46): split by what the code does.
    files: ['apps/*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/test-support.ts', 'apps/*/src/testing/**'],
    rules: { 'max-lines-per-function': ['error', { max: 150 }] },
  },
);
