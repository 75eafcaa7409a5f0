// Local ESLint rules that keep the layout of docs/decisions/0066-conventions.md real:
//
// - no-cross-import: a file in apps/web/src/features/<a>/ never imports features/<b>/; a file in
//   apps/server/src/modules/<a>/ imports another module only through its public service file,
//   modules/<b>/<b>.service.ts (tests may also use other modules' services, and the factories of
//   apps/server/test/factories, to build data; a *.tables.ts may import another's *.tables.ts to
//   declare a foreign key).
// - no-layer-import: apps/server/src/platform/ never imports modules/ (platform is below every
//   module; its tests may, to prove a mechanism where modules use it); apps/web/src/lib/ and components/ never import features/ (they are shared by them).
// - no-cycle: no import cycle among the repository's own TypeScript files, type-only imports and
//   re-exports included (a circle closed by a type still ties two files together). Dynamic
//   import() is left out: it loads on demand, after both files are whole.
import fs from 'node:fs';
import path from 'node:path';

const S = path.sep;
const WEB_FEATURES = `apps${S}web${S}src${S}features${S}`;
const SERVER_MODULES = `apps${S}server${S}src${S}modules${S}`;
const SERVER_SANDBOX = `apps${S}server${S}src${S}sandbox${S}`;

const AREAS = [
  {
    root: WEB_FEATURES,
    allow: () => false,
    why: 'features do not import each other; move shared pieces to components/ or lib/',
  },
  {
    root: SERVER_MODULES,
    // Only `modules/<b>/<b>.service.ts`, the module's public face.
    allow: (target, other, file) =>
      target.endsWith(`${S}${other}${S}${other}.service`) ||
      target.endsWith(`${S}${other}${S}${other}.service.ts`) ||
      // Tests build their data with the other module's services (and with apps/server/test/factories).
      (isTest(file) && /\.service(\.ts)?$/.test(target)),
    // A table may declare a foreign key to another module's table (a declared link, not a read).
    allowTables: (target, file) => /\.tables\.ts$/.test(file) && /\.tables(\.ts)?$/.test(target),
    why: "import the other module's public service file (<module>.service.ts), never its tables, routes or inner services",
  },
];

const LAYERS = [
  // A platform test may drive real modules (the unit of work clearing the catalogue's caches,
  // idempotent registration): it proves the mechanism where it is used, and nothing imports a test.
  {
    from: `apps${S}server${S}src${S}platform${S}`,
    to: SERVER_MODULES,
    testsMay: true,
    why: 'platform/ sits below every module: pass what it needs in, or move the code into a module',
  },
  {
    from: `apps${S}web${S}src${S}lib${S}`,
    to: WEB_FEATURES,
    why: 'lib/ is shared by features: move the piece into lib/ or components/',
  },
  {
    from: `apps${S}web${S}src${S}components${S}`,
    to: WEB_FEATURES,
    why: 'components/ are shared by features: move the piece into components/ or lib/',
  },
  // The emulators are for tests and the demo: production code never imports them; the startup
  // code (main.ts through sandbox/sandbox.ts) decides "sandbox or real", and tests start them.
  {
    from: `apps${S}server${S}src${S}connectors${S}`,
    to: SERVER_SANDBOX,
    testsMay: true,
    why: 'connectors/ are the clients a production server runs: the startup code (main.ts) starts the sandbox',
  },
  {
    from: SERVER_MODULES,
    to: SERVER_SANDBOX,
    testsMay: true,
    why: 'modules never know they talk to an emulator: the startup code (main.ts) starts the sandbox',
  },
];

const isTest = (file) => /\.test\.tsx?$/.test(file);

function areaOf(file) {
  for (const area of AREAS) {
    const i = file.indexOf(area.root);
    if (i >= 0) return { area, name: file.slice(i + area.root.length).split(S)[0] };
  }
  return null;
}

function relativeSpec(node) {
  const spec = node.source?.value;
  return typeof spec === 'string' && spec.startsWith('.') ? spec : null;
}

function visitors(check) {
  return {
    ImportDeclaration: check,
    ExportNamedDeclaration: check,
    ExportAllDeclaration: check,
    ImportExpression: (n) => check({ ...n, source: n.source, dynamic: true }),
  };
}

// ---------------------------------------------------------------- import graph (for no-cycle)

const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];
const resolved = new Map();
const edges = new Map();

/** `./x` or `./x.js` from `file` → the .ts/.tsx file it names, or null (css, json, packages). */
function resolveImport(file, spec) {
  const key = `${file}\0${spec}`;
  if (resolved.has(key)) return resolved.get(key);
  const base = path.resolve(path.dirname(file), spec.replace(/\.js$/, ''));
  let found = null;
  for (const candidate of [base, ...EXTENSIONS.map((e) => base + e)]) {
    if (/\.tsx?$/.test(candidate) && fs.existsSync(candidate)) {
      found = candidate;
      break;
    }
  }
  resolved.set(key, found);
  return found;
}

// Static imports and re-exports, type-only ones included (`import type`, `export type`): a circle
// closed by a type is still two files that cannot be understood apart. Dynamic import() is left out.
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?:[^'";]*?\sfrom\s+)?['"](\.[^'"]+)['"]/gm;

/** The files `file` imports at load time (read once per lint run). */
function importsOf(file) {
  if (edges.has(file)) return edges.get(file);
  let text = '';
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    /* a file that vanished has no imports */
  }
  const out = [];
  for (const m of text.matchAll(STATIC_IMPORT)) {
    const target = resolveImport(file, m[1]);
    if (target) out.push(target);
  }
  edges.set(file, out);
  return out;
}

/** A path from `start` back to `goal`, or null. */
function pathBack(start, goal) {
  const seen = new Set();
  const stack = [[start, [start]]];
  while (stack.length) {
    const [node, trail] = stack.pop();
    if (node === goal) return trail;
    if (seen.has(node)) continue;
    seen.add(node);
    for (const next of importsOf(node)) if (!seen.has(next)) stack.push([next, [...trail, next]]);
  }
  return null;
}

const short = (file) => path.relative(process.cwd(), file);

export default {
  rules: {
    'no-cross-import': {
      meta: { type: 'problem', messages: { cross: '{{from}} must not import {{to}}: {{why}}' }, schema: [] },
      create(context) {
        const file = context.filename;
        const own = areaOf(file);
        if (!own) return {};
        return visitors((node) => {
          const spec = relativeSpec(node);
          if (!spec) return;
          const target = path.resolve(path.dirname(file), spec);
          const other = areaOf(target);
          if (!other || other.area !== own.area || other.name === own.name) return;
          if (own.area.allow(target, other.name, file) || own.area.allowTables?.(target, file)) return;
          context.report({ node, messageId: 'cross', data: { from: own.name, to: other.name, why: own.area.why } });
        });
      },
    },
    'no-layer-import': {
      meta: { type: 'problem', messages: { layer: '{{from}} must not import {{to}}: {{why}}' }, schema: [] },
      create(context) {
        const file = context.filename;
        const layer = LAYERS.find((l) => file.includes(l.from));
        if (!layer || (layer.testsMay && isTest(file))) return {};
        return visitors((node) => {
          const spec = relativeSpec(node);
          if (!spec) return;
          const target = path.resolve(path.dirname(file), spec);
          if (!target.includes(layer.to)) return;
          context.report({ node, messageId: 'layer', data: { from: short(file), to: spec, why: layer.why } });
        });
      },
    },
    'no-cycle': {
      meta: { type: 'problem', messages: { cycle: 'import cycle: {{cycle}}' }, schema: [] },
      create(context) {
        const file = context.filename;
        if (!/\.tsx?$/.test(file)) return {};
        return {
          'ImportDeclaration, ExportNamedDeclaration, ExportAllDeclaration'(node) {
            const spec = relativeSpec(node);
            if (!spec) return;
            const target = resolveImport(file, spec);
            if (!target) return;
            const trail = pathBack(target, file);
            if (trail)
              context.report({ node, messageId: 'cycle', data: { cycle: [file, ...trail].map(short).join(' → ') } });
          },
        };
      },
    },
  },
};
