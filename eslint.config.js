import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import importPlugin from 'eslint-plugin-import'
import reactHooks from 'eslint-plugin-react-hooks'

const serverFeatures = ['accounts', 'contact', 'exports', 'land-documents', 'logs', 'news', 'people', 'plots', 'sign-in', 'site', 'vitals']
const features = ['public', 'contact', 'accounts', 'my-account', 'map', 'people', 'plots', 'logs', 'land', 'enquiries', 'news', 'performance', 'settings', 'messages', 'rent', 'apply', 'offers']

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
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
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
            { target: './src/client', from: './src/server', message: 'the client never imports the server' },
            { target: './src/server', from: './src/client', message: 'the server never imports the client' },
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
        { patterns: [{ regex: '^#server/features/', message: 'the core never imports a feature' }] },
      ],
    },
  },
  // A server feature uses the core and, for records it shares (a tenancy is a plot's and a
  // person's), another feature's SQL; never another feature's service or routes.
  ...serverFeatures.map((feature) => ({
    files: [`src/server/features/${feature}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^#server/features/(?!${feature}/)[^/]+/(?!sql$)`,
              message: 'features do not import each other (only their SQL)',
            },
          ],
        },
      ],
    },
  })),
)
