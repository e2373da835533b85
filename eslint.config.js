import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

const restrict = (allowed) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        {
          group: ['@agentao/*', ...allowed.map((name) => `!@agentao/${name}`)],
          message: 'package dependencies point one way (see ../shared/style.md rule 2)',
        },
        { group: ['../../*/src/*', '../../../*/src/*'], message: 'no relative import across packages' },
      ],
    },
  ],
});

export default defineConfig(
  globalIgnores(['**/dist/**', '**/coverage/**', '**/.turbo/**', '**/node_modules/**', '**/data/**']),
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.test.ts', '**/__fixtures__/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  { files: ['packages/**/src/**', 'tools-contrib/**/src/**'], rules: { 'no-console': 'error' } },
  // The loop stays small: tool execution, normalisation and stop conditions live in sibling modules.
  { files: ['packages/core/src/loop/**/*.ts'], ignores: ['**/*.test.ts'], rules: { 'max-lines': ['error', { max: 400 }] } },
  { files: ['packages/core/src/**/*.ts'], rules: restrict([]) },
  { files: ['packages/permissions/src/**/*.ts'], rules: restrict(['core']) },
  { files: ['packages/subagents/src/**/*.ts'], rules: restrict(['core']) },
  { files: ['packages/testing/src/**/*.ts'], rules: restrict(['core']) },
  { files: ['packages/tools-builtin/src/**/*.ts'], rules: restrict(['core', 'permissions']) },
  { files: ['tools-contrib/**/src/**/*.ts'], rules: restrict(['core', 'permissions', 'testing']) },
  // Tests may use the test kit (a devDependency) besides what their package may import.
  {
    files: ['packages/{permissions,subagents}/src/**/*.test.ts', 'packages/{permissions,subagents}/src/__fixtures__/**/*.ts'],
    rules: restrict(['core', 'testing']),
  },
  {
    files: ['packages/tools-builtin/src/**/*.test.ts', 'packages/tools-builtin/src/__fixtures__/**/*.ts'],
    rules: restrict(['core', 'permissions', 'testing']),
  },
  { files: ['**/*.js', '**/*.mjs'], extends: [tseslint.configs.disableTypeChecked] },
);
