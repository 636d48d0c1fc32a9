import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

const config = [
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    ignores: [
      '.next/**',
      '**/node_modules/**',
      '.data/**',
      '.stryker-tmp/**',
      'reports/**',
      // server.ts's bundle (npm run build)
      'dist/**',
      'next-env.d.ts',
    ],
  },
];

export default config;
