import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/**
 * Functions allowed past 80 lines, each with the reason it is long. Name the file and the reason
 * here; a new long function is split into named steps instead.
 */
const LONG_FUNCTIONS = [
  // The composition roots: one binding or one registration a line, as long as what they wire.
  ['server/wiring/use-cases.ts', 'one constructor call per use case, in dependency order'],
  ['server/ops-http/app.ts', "the console API's Fastify options and plugins, in order"],
  // Fastify route plugins: the function is the list of its routes, each handler short.
  ['server/http/routes/auth.routes.ts', 'a plugin of the sign-up and sign-in routes'],
  ['server/http/routes/passkeys.routes.ts', 'a plugin of the passkey ceremony routes'],
  ['server/http/routes/payment.routes.ts', 'a plugin of the payment routes and their schemas'],
  ['server/ops-http/routes/members.routes.ts', "a plugin of the console's member routes"],
  // React screens: the component's body is its markup, read top to bottom like the page.
  ['src/ui/screens/payment/payment.view.tsx', 'the payment form and its hand-off, one page'],
  ['src/ui/screens/payment-history/payment-history.view.tsx', 'the history list and its pager'],
  ['src/ui/screens/payment-status/payment-status.view.tsx', 'the status page and its receipt'],
  ['src/ui/screens/profile/profile.view.tsx', 'an editable row: its read, edit and saving states'],
  ['src/ui/screens/sign-up/sign-up.view.tsx', 'the sign-up steps, one page'],
  ['src/ui/screens/wizardz/wizardz.view.tsx', 'the wizard steps, one page'],
  ['console/src/ui/screens/audit/audit.view.tsx', 'the audit log, its filters and checkpoints'],
  ['console/src/ui/screens/enrolment/enrolment.view.tsx', 'the enrolment steps, one page'],
  ['console/src/ui/screens/member/member.view.tsx', "a member's record and its support actions"],
  ['console/src/ui/screens/operators/operators.view.tsx', 'the operator list and its actions'],
  // Bench scripts: one measurement's set-up, runs and report read as one sequence.
  ['scripts/bench/measure-database.ts', "one database's measurement, set-up to report"],
  ['scripts/bench/records.ts', 'the records measurement, set-up to report'],
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-server/**',
      'dist-bench/**',
      'dist-console/**',
      'node_modules/**',
      '.parcel-cache/**',
      'data/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    // The team's size rules: a file at most 300 lines as `wc -l` counts them (blank lines and
    // comments included), a function at most 80; split by sense into named steps.
    files: ['**/*.{ts,tsx,js,cjs,mjs}'],
    rules: {
      'max-lines': ['error', { max: 300, skipBlankLines: false, skipComments: false }],
      'max-lines-per-function': [
        'error',
        { max: 80, skipBlankLines: false, skipComments: false, IIFEs: true },
      ],
    },
  },
  ...LONG_FUNCTIONS.map(([file, reason]) => ({
    name: `long function allowed in ${file}: ${reason}`,
    files: [file],
    rules: { 'max-lines-per-function': 'off' },
  })),
  {
    // In tests a describe block is a function: a list of cases sharing their set-up, whose length
    // is the number of cases. The 300-line file limit bounds it; each case reads top to bottom.
    files: ['test/**'],
    rules: { 'max-lines-per-function': 'off' },
  },
  {
    // The apps, the API and the sandbox gateway write through their loggers, never the console.
    files: [
      'src/**/*.{ts,tsx}',
      'console/**/*.{ts,tsx}',
      'server/**/*.ts',
      'sandbox-gateway/**/*.ts',
    ],
    rules: { 'no-console': 'error' },
  },
  {
    // The development SMS sender's whole job is printing the code to the terminal.
    files: ['server/adapters/sms/console-sms-sender.adapter.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['**/*.{js,cjs,mjs}'],
    languageOptions: {
      globals: {
        require: 'readonly',
        module: 'writable',
        process: 'readonly',
        __dirname: 'readonly',
        console: 'readonly',
        URL: 'readonly',
      },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
