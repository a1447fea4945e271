import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import path from 'node:path';

/**
 * Layers import one way (docs/architecture.md): protocol ← client-db ← workers, app;
 * protocol ← server; protocol ← widget. Inside src/server, the infrastructure folders import no
 * domain: every other folder under src/server is a domain, so a new domain needs no edit here.
 * A local rule resolves each relative import against the importing file and refuses one that
 * lands in a layer, or a server domain, the importer may not reach.
 */
const SRC = path.join(import.meta.dirname, 'src');
const ALLOWED = {
  protocol: ['protocol'],
  'client-db': ['protocol', 'client-db'],
  workers: ['protocol', 'client-db', 'workers'],
  app: ['protocol', 'client-db', 'app'],
  server: ['protocol', 'server'],
  // The chat widget runs on customers' pages: it may use the wire protocol and nothing else.
  widget: ['protocol', 'widget'],
};
const layerOf = (file) => {
  const relative = path.relative(SRC, file);
  if (relative.startsWith('..')) return null;
  return relative.split(path.sep)[0] ?? null;
};
const SERVER = path.join(SRC, 'server');
const SERVER_INFRASTRUCTURE = ['db', 'http', 'realtime', 'mutations', 'jobs', 'mail', 'content', 'net', 'metrics'];
/** The folder directly under src/server holding the file; null for the top files (build-app.ts, app-context.ts, …). */
const serverFolderOf = (file) => {
  const parts = path.relative(SERVER, file).split(path.sep);
  return parts[0] === '..' || parts.length < 2 ? null : parts[0];
};
const layerOrder = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      breaks: 'src/{{from}} may not import from src/{{to}} (docs/architecture.md, layer order).',
      domain: 'src/server/{{from}} may not import the domain src/server/{{to}} (docs/architecture.md)',
    },
  },
  create(context) {
    const from = layerOf(context.filename);
    const fromFolder = serverFolderOf(context.filename);
    const check = (node) => {
      const source = node.source?.value;
      if (!from || !ALLOWED[from] || typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(context.filename), source);
      const to = layerOf(target);
      if (to && to in ALLOWED && !ALLOWED[from].includes(to)) {
        context.report({ node, messageId: 'breaks', data: { from, to } });
        return;
      }
      const toFolder = serverFolderOf(target);
      if (SERVER_INFRASTRUCTURE.includes(fromFolder) && toFolder && !SERVER_INFRASTRUCTURE.includes(toFolder)) {
        context.report({ node, messageId: 'domain', data: { from: fromFolder, to: toFolder } });
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**', '.tmp/**', 'public/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { layers: { rules: { order: layerOrder } } },
    rules: { 'layers/order': 'error' },
  },
  {
    // The service worker has its own tsconfig (WebWorker types instead of the DOM's).
    files: ['src/workers/service-worker/service-worker.ts', 'src/workers/service-worker/service-worker-push.ts'],
    languageOptions: {
      parserOptions: { projectService: false, project: './tsconfig.sw.json', tsconfigRootDir: import.meta.dirname },
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        Buffer: 'readonly',
      },
    },
  },
);
