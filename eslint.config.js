// Lint rules that keep the layers honest: sim-core stays pure and deterministic (no DOM, no UI
// libraries, no src/ imports, no clocks or unseeded randomness); see docs/architecture.md.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const nondeterminism = [
  {
    object: 'Math',
    property: 'random',
    message: 'sim-core must use the seeded PRNG (kernel/rng.ts).',
  },
  {
    object: 'Date',
    property: 'now',
    message: 'sim-core has no wall clock: time is the cycle counter.',
  },
  {
    object: 'performance',
    property: 'now',
    message: 'sim-core has no wall clock: time is the cycle counter.',
  },
];

export default tseslint.config(
  { ignores: ['dist', 'dist-*', 'node_modules', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['sim-core/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-properties': ['error', ...nondeterminism],
      'no-restricted-globals': [
        'error',
        { name: 'window', message: 'sim-core has no DOM.' },
        { name: 'document', message: 'sim-core has no DOM.' },
        { name: 'self', message: 'sim-core knows nothing of workers.' },
        { name: 'performance', message: 'sim-core has no wall clock.' },
        { name: 'crypto', message: 'sim-core must use the seeded PRNG.' },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.name='Date']", message: 'sim-core has no wall clock.' },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/src/**', '../src/*', '../../src/*'],
              message: 'sim-core must not import the front end.',
            },
            {
              group: ['react', 'react-*', 'd3', 'd3-*', 'comlink', 'zustand'],
              message: 'sim-core is UI-free.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
