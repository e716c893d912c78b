// The server's layers (apps/server/src/README.md): a file may import its own layer and the layers
// below it, never one above. Imports are resolved to files (relative or `#src/`), so `../` paths
// count as much as aliases; a room (top-level folder or file) missing from LAYERS is an error too.
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

const SERVER_SRC = fileURLToPath(new URL('../apps/server/src', import.meta.url))

/** Top first. A room is a top-level folder of apps/server/src, or a file at its top. */
export const LAYERS = [
  {
    name: 'start-up',
    rooms: ['main.ts', 'app.ts', 'live-services.ts', 'gateway-services.ts', 'cli', 'seed'],
  },
  { name: 'http', rooms: ['http', 'web-shell'] },
  { name: 'back office', rooms: ['staff'] },
  {
    name: 'domains',
    rooms: [
      'chat',
      'copying',
      'feedback',
      'fix',
      'hedging',
      'identity',
      'legal',
      'market',
      'money',
      'news',
      'notices',
      'rank',
      'trading',
      'uploads',
      'users',
    ],
  },
  {
    name: 'foundations',
    rooms: [
      'audit',
      'config.ts',
      'events',
      'i18n',
      'messaging',
      'ops',
      'outcome',
      'realtime',
      'security',
      'settings',
    ],
  },
  { name: 'db', rooms: ['db'] },
]

/** The room of a path relative to apps/server/src: its first folder, or the file (a test counts as its subject). */
export function roomOf(path) {
  const [first = '', ...rest] = path.split(sep)
  return rest.length > 0 ? first : first.replace(/\.test\.ts$/, '.ts')
}

/** The index of the room's layer in LAYERS (0 is the top), or -1 for a room no layer holds. */
export function layerOf(room) {
  return LAYERS.findIndex((layer) => layer.rooms.includes(room))
}

/** The file an import names, relative to apps/server/src; undefined for packages and files outside it. */
function importedPath(filename, specifier) {
  let target
  if (specifier.startsWith('.')) target = resolve(dirname(filename), specifier)
  else if (specifier.startsWith('#src/')) target = join(SERVER_SRC, specifier.slice('#src/'.length))
  else return undefined
  const path = relative(SERVER_SRC, target)
  return path.startsWith('..') ? undefined : path
}

/** @type {import('eslint').Rule.RuleModule} */
const layersRule = {
  meta: {
    type: 'problem',
    docs: { description: 'server imports go down the layers: http -> domains -> db' },
    schema: [],
    messages: {
      upward:
        '{{from}} ({{fromLayer}}) may not import {{to}} ({{toLayer}}, a layer above): see apps/server/src/README.md',
      unplaced: '{{room}} is in no server layer: add it to LAYERS in eslint/server-layers.js and the README',
    },
  },
  create(context) {
    const own = relative(SERVER_SRC, context.filename)
    if (own.startsWith('..')) return {}
    const from = roomOf(own)
    const fromLayer = layerOf(from)
    const check = (node) => {
      const specifier = node.source?.value
      if (typeof specifier !== 'string') return
      const path = importedPath(context.filename, specifier)
      if (path === undefined) return
      const to = roomOf(path)
      const toLayer = layerOf(to)
      if (toLayer < 0) context.report({ node: node.source, messageId: 'unplaced', data: { room: to } })
      else if (fromLayer >= 0 && toLayer < fromLayer)
        context.report({
          node: node.source,
          messageId: 'upward',
          data: { from, fromLayer: LAYERS[fromLayer].name, to, toLayer: LAYERS[toLayer].name },
        })
    }
    return {
      Program(node) {
        if (fromLayer < 0) context.report({ node, messageId: 'unplaced', data: { room: from } })
      },
      ImportDeclaration: check,
      ImportExpression: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
    }
  },
}

export default [
  {
    files: ['apps/server/src/**/*.ts'],
    plugins: { server: { rules: { layers: layersRule } } },
    rules: { 'server/layers': 'error' },
  },
]
