// A small local ESLint rule: a file inside apps/web/src/features/<a>/ may not import from
// features/<b>/, and a file inside apps/server/src/modules/<a>/ may not import from modules/<b>/
// except through that module's public service files (`*.service.ts`, `*.shipping.ts`, `*.seed.ts`)
// — modules call each other's services, never their tables or routes.
import path from 'node:path';

const AREAS = [
  { root: `apps${path.sep}web${path.sep}src${path.sep}features${path.sep}`, allow: () => false },
  {
    root: `apps${path.sep}server${path.sep}src${path.sep}modules${path.sep}`,
    allow: (target) => /\.(service|shipping|seed)(\.ts)?$/.test(target),
  },
];

function areaOf(file) {
  for (const area of AREAS) {
    const i = file.indexOf(area.root);
    if (i >= 0) return { area, name: file.slice(i + area.root.length).split(path.sep)[0] };
  }
  return null;
}

export default {
  rules: {
    'no-cross-import': {
      meta: { type: 'problem', messages: { cross: '{{from}} must not import {{to}}: {{why}}' }, schema: [] },
      create(context) {
        const file = context.filename;
        const own = areaOf(file);
        if (!own) return {};
        function check(node) {
          const spec = node.source?.value;
          if (typeof spec !== 'string' || !spec.startsWith('.')) return;
          const target = path.resolve(path.dirname(file), spec);
          const other = areaOf(target);
          if (!other || other.area !== own.area || other.name === own.name) return;
          if (own.area.allow(target)) return;
          context.report({
            node,
            messageId: 'cross',
            data: {
              from: own.name,
              to: other.name,
              why: own.area === AREAS[0] ? 'features do not import each other; move shared pieces to components/ or lib/' : "call the other module's service, not its tables or routes",
            },
          });
        }
        return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: (n) => check({ source: n.source }) };
      },
    },
  },
};
