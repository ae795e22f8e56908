import fs from 'node:fs'
import { URL } from 'node:url'
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import importPlugin from 'eslint-plugin-import'
import reactHooks from 'eslint-plugin-react-hooks'

// The features are the folders: a new one is inside the boundaries the day it is made.
const folders = (dir) =>
  fs
    .readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
const features = folders('./src/client/features/')

// Which tables each server feature owns and which features below it it may use
// (src/server/features/features.json); a feature folder missing there stops the lint at once.
const serverFeatures = JSON.parse(
  fs.readFileSync(new URL('./src/server/features/features.json', import.meta.url), 'utf8'),
)
for (const folder of folders('./src/server/features/'))
  if (!serverFeatures[folder])
    throw new Error(
      `src/server/features/${folder} has no entry in src/server/features/features.json`,
    )

// Kysely's calls that name a table, and the project's own batch insert, which names it second.
const TABLE_CALLS =
  '/^(selectFrom|insertInto|updateTable|deleteFrom|innerJoin|leftJoin|rightJoin|fullJoin|mergeInto|replaceInto)$/'
const SQL_FILES = ['**/sql.ts', '**/*-sql.ts']
const notOwnTable = (tables) => `/^(?!(${tables.join('|') || '$^'})(\\s|$))/`

function tableRules(feature, { tables }) {
  const restricted = (message) => [
    'error',
    {
      selector: `CallExpression[callee.property.name=${TABLE_CALLS}][arguments.0.type='Literal'][arguments.0.value=${notOwnTable(tables)}]`,
      message,
    },
    {
      selector: `CallExpression[callee.name='insertInBatches'][arguments.1.type='Literal'][arguments.1.value=${notOwnTable(tables)}]`,
      message,
    },
  ]
  return [
    {
      files: SQL_FILES.map((glob) => `src/server/features/${feature}/${glob}`),
      rules: {
        'no-restricted-syntax': restricted(
          `A table belongs to one feature (src/server/features/features.json): ${feature} may query ${tables.join(', ') || 'none'}; ask the owner's sql functions for the rest.`,
        ),
      },
    },
    {
      files: [`src/server/features/${feature}/**`],
      ignores: SQL_FILES.map((glob) => `src/server/features/${feature}/${glob}`),
      rules: {
        'no-restricted-syntax': [
          'error',
          {
            selector: `CallExpression[callee.property.name=${TABLE_CALLS}]`,
            message: "Queries live in the feature's sql files (sql.ts, *-sql.ts).",
          },
          {
            selector: "CallExpression[callee.name='insertInBatches']",
            message: "Queries live in the feature's sql files (sql.ts, *-sql.ts).",
          },
        ],
      },
    },
  ]
}

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { import: importPlugin, 'react-hooks': reactHooks },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'import/no-cycle': ['error', { maxDepth: 10 }],
      // The architecture's boundaries (docs/architecture.md): shared imports nothing of ours,
      // the client never imports the server, and features do not import each other.
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/shared', from: './src/server', message: 'shared must stay pure' },
            { target: './src/shared', from: './src/client', message: 'shared must stay pure' },
            {
              target: './src/client',
              from: './src/server',
              message: 'the client never imports the server',
            },
            {
              target: './src/server',
              from: './src/client',
              message: 'the server never imports the client',
            },
            ...features.map((feature) => ({
              target: `./src/client/features/${feature}`,
              from: './src/client/features',
              except: [`./${feature}`],
              message: 'features do not import each other',
            })),
            {
              target: ['./src/client/components', './src/client/lib'],
              from: ['./src/client/features', './src/client/app'],
              message: 'shared client code does not reach up into features or the app shell',
            },
          ],
        },
      ],
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['node:*'], message: 'No Node.js modules here.' }] },
      ],
    },
  },
  {
    // The same boundaries for the package "imports" aliases, which the path rule cannot resolve.
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: 'No Node.js modules here.' },
            { regex: '^#(server|client)/', message: 'shared must stay pure' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/client/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: 'No Node.js modules here.' },
            { regex: '^#server/', message: 'the client never imports the server' },
          ],
        },
      ],
    },
  },
  {
    // Only the browser code and shared code must do without Node.js modules.
    files: ['src/server/**', 'tests/**', 'scripts/**', '*.config.{js,ts}'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // The server's core knows no feature: features are plugins on top of it.
    files: ['src/server/core/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ regex: '^#server/features/', message: 'the core never imports a feature' }],
        },
      ],
    },
  },
  // A server feature uses the core and the sql functions of the features below it that it names
  // in features.json (people ← plots ← letting ← rent ← messages): never one above it, never
  // another's service or routes, so features import each other in one direction only.
  ...Object.entries(serverFeatures).map(([feature, { uses }]) => ({
    files: [`src/server/features/${feature}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^#server/features/(?!${feature}/)(?!(${uses.join('|') || '$^'})/(sql|[a-z-]+-sql)$)`,
              message: `features import each other one way only: ${feature} may use the sql of ${uses.join(', ') || 'no other feature'} (src/server/features/features.json)`,
            },
          ],
        },
      ],
    },
  })),
  ...Object.entries(serverFeatures).flatMap(([feature, owns]) => tableRules(feature, owns)),
)
