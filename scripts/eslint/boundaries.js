// Import boundaries that a specifier string alone cannot express: they depend on where the importing file lives and
// where a relative import lands (web layers, test helpers in production code). The package table of DESIGN.md
// itself is encoded with `no-restricted-imports` in eslint.config.js.
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

const relativeToRoot = (file) => path.relative(root, file).split(path.sep).join('/');

/** Test code: test files, anything under a `testing/` folder or named `testing*.ts`, browser tests, tools. */
export const isTestCode = (file) => {
  const rel = relativeToRoot(file);
  return /\.test\.tsx?$/.test(rel) || /(^|\/)testing(\/|[-.])/.test(rel) || /^(web\/e2e|reliability|bench|scripts)\//.test(rel);
};

const importsOf = (context, check) => {
  const visit = (node) => {
    const source = node.source;
    if (source && source.type === 'Literal' && typeof source.value === 'string') check(node, source.value);
  };
  return {
    ImportDeclaration: visit,
    ExportNamedDeclaration: visit,
    ExportAllDeclaration: visit,
    ImportExpression: visit,
  };
};

/** web/src/<layer>: `features/<name>`, `app`, `lib`, `components`; null outside web/src. */
const webLayer = (absolute) => {
  const rel = relativeToRoot(absolute);
  const match = /^web\/src\/([^/]+)(?:\/([^/]+))?/.exec(rel);
  if (!match) return null;
  if (match[1] === 'features') return match[2] && match[2] !== path.basename(rel) ? `features/${match[2]}` : 'features';
  return match[1];
};

const webLayers = {
  meta: {
    type: 'problem',
    docs: { description: 'web features import lib/ and components/, never another feature nor app/; lib/ and components/ import neither' },
    schema: [],
    messages: {
      crossFeature:
        '{{from}} must not import {{to}}: features import lib/ and components/ only; move what they share there (app/ composes features).',
      sharedImportsFeature: '{{from}} is shared code and must not import {{to}}.',
    },
  },
  create(context) {
    const from = webLayer(context.filename);
    if (!from) return {};
    return importsOf(context, (node, specifier) => {
      if (!specifier.startsWith('.')) return;
      const to = webLayer(path.resolve(path.dirname(context.filename), specifier));
      if (!to || to === from) return;
      if (from.startsWith('features/') && (to.startsWith('features') || to === 'app')) {
        context.report({ node, messageId: 'crossFeature', data: { from, to } });
      } else if ((from === 'lib' || from === 'components') && (to.startsWith('features') || to === 'app')) {
        context.report({ node, messageId: 'sharedImportsFeature', data: { from, to } });
      }
    });
  },
};

const packageDirs = new Map();
/** The folder of the package.json nearest to `dir` (a workspace, or the root for server/, scripts/, …). */
const packageOf = (dir) => {
  if (!packageDirs.has(dir)) {
    const parent = path.dirname(dir);
    packageDirs.set(dir, existsSync(path.join(dir, 'package.json')) || parent === dir ? dir : packageOf(parent));
  }
  return packageDirs.get(dir);
};

const noRelativePackages = {
  meta: {
    type: 'problem',
    docs: { description: "no relative import into another package's files: import its package entry" },
    schema: [],
    messages: { relative: '"{{specifier}}" reaches into another package ({{to}}): import its package entry (@vis/…) instead.' },
  },
  create(context) {
    const from = packageOf(path.dirname(context.filename));
    return importsOf(context, (node, specifier) => {
      if (!specifier.startsWith('.')) return;
      const to = packageOf(path.dirname(path.resolve(path.dirname(context.filename), specifier)));
      if (to !== from) context.report({ node, messageId: 'relative', data: { specifier, to: relativeToRoot(to) || '/' } });
    });
  },
};

const noTestingInProduction = {
  meta: {
    type: 'problem',
    docs: { description: 'production code never imports a testing module' },
    schema: [],
    messages: { testing: 'Production code must not import the test helper "{{specifier}}"; only tests and testing/ folders may.' },
  },
  create(context) {
    if (isTestCode(context.filename)) return {};
    return importsOf(context, (node, specifier) => {
      if (/(^|\/)testing(\/|$|[-.])/.test(specifier)) context.report({ node, messageId: 'testing', data: { specifier } });
    });
  },
};

export default {
  meta: { name: 'vis' },
  rules: { 'web-layers': webLayers, 'no-testing-in-production': noTestingInProduction, 'no-relative-packages': noRelativePackages },
};
