// Borders between the parts of the two client apps (apps/web and apps/admin). Each app's `src`
// holds `common/` (used by everything), `features/<name>/` (one screen family each) and `app/`
// (the frame that puts features together). Imports go common -> features -> app:
// - a file in `common/` imports only `common/`;
// - a file in `features/<name>/` imports its own feature and `common/`, never another feature or
//   `app/`;
// - `app/` and the other entries (such as apps/web/src/chat-page) are not limited, nor are imports
//   that leave the app (packages are imported by name).
// Imports are relative, so each one is resolved against the importing file's path: a pattern on
// the specifier alone (`features/*`) never sees `../../trade/...`.
import path from 'node:path'

/** The part of a client app a path lies in: `common`, `features/<name>`, `app` or another top folder. */
function partOf(file) {
  const match = /(?:^|\/)apps\/(web|admin)\/src\/([^/]+)(?:\/([^/]+))?\//.exec(file.split(path.sep).join('/'))
  if (!match) return undefined
  const [, app, top, sub] = match
  return { app, part: top === 'features' && sub ? `features/${sub}` : top }
}

/** Why `from` may not import `to`, or undefined when it may. */
function crossing(from, to) {
  if (!to || to.app !== from.app || from.part === to.part || to.part === 'common') return undefined
  if (from.part === 'common') return 'common code imports only common code'
  if (!from.part.startsWith('features/')) return undefined
  return to.part.startsWith('features/')
    ? 'a feature does not import another feature (move what both use to common/)'
    : 'a feature imports only itself and common/'
}

const featureBorders = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports in the client apps go common -> features -> app' },
    messages: { crossing: '{{from}} imports {{to}}: {{why}}.' },
    schema: [],
  },
  create(context) {
    const file = context.filename
    const from = partOf(file)
    if (!from) return {}
    function check(node, source) {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return
      const target = path.resolve(path.dirname(file), source.value)
      const to = partOf(target + '/')
      const why = crossing(from, to)
      if (why) {
        const name = (part) => `${part.app}/${part.part}`
        context.report({ node: source, messageId: 'crossing', data: { from: name(from), to: name(to), why } })
      }
    }
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source.type === 'Literal' ? node.source : undefined),
    }
  },
}

/** The flat-config entries: the rule on every source file of the two client apps. */
export const featureBordersConfig = [
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/admin/src/**/*.{ts,tsx}'],
    plugins: { borders: { rules: { 'feature-borders': featureBorders } } },
    rules: { 'borders/feature-borders': 'error' },
  },
]
