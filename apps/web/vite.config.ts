import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { precompress } from '../../build/vite-precompress.ts'

/** The API server the dev server forwards to; the built app is served by that server on the same origin. */
const API_TARGET = 'http://localhost:8080'

/**
 * @tp/contracts re-exports its zod schemas from the same index as the constants the client uses.
 * Its package.json does not declare `sideEffects: false`, so without this the schemas (and zod,
 * about 20 KB gzipped) land in the first load. Two steps keep them out:
 * - `moduleSideEffects: false`: a contracts module nothing is imported from is dropped whole;
 * - a module imported for a constant (SOCKET_PATH, PERIODS) still runs its top-level schema
 *   builders, `z.string().regex(…)`, which the bundler must assume have side effects. Each such
 *   top-level initialiser is wrapped in an arrow function called at once and marked
 *   `/* @__PURE__ *\/`: it runs exactly as before, but a schema nobody uses is dropped.
 */
interface AstNode {
  type: string
  start: number
  end: number
  [key: string]: unknown
}

function isNode(value: unknown): value is AstNode {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string'
}

/** Top-level `const x = f(…)` initialisers (exported or not) that call something. */
function topLevelCalls(program: AstNode): AstNode[] {
  const calls: AstNode[] = []
  for (const statement of Array.isArray(program.body) ? program.body : []) {
    if (!isNode(statement)) continue
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement
    if (!isNode(declaration) || declaration.type !== 'VariableDeclaration') continue
    for (const declarator of Array.isArray(declaration.declarations) ? declaration.declarations : []) {
      const init = isNode(declarator) ? declarator.init : null
      if (isNode(init) && (init.type === 'CallExpression' || init.type === 'NewExpression')) calls.push(init)
    }
  }
  return calls
}

function contractsWithoutSideEffects(): Plugin {
  return {
    name: 'contracts-without-side-effects',
    transform: {
      filter: { id: /[\\/]packages[\\/]contracts[\\/]src[\\/]/ },
      handler(code) {
        let out = code
        for (const call of topLevelCalls(this.parse(code) as unknown as AstNode).reverse()) {
          const expression = out.slice(call.start, call.end)
          out = `${out.slice(0, call.start)}/* @__PURE__ */ (() => (${expression}))()${out.slice(call.end)}`
        }
        return { code: out, map: null, moduleSideEffects: false }
      },
    },
  }
}

export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  plugins: [react(), contractsWithoutSideEffects(), precompress()],
  resolve: {
    alias: [
      {
        find: /^use-sync-external-store\/shim$/,
        replacement: fileURLToPath(
          new URL('./src/shared/lib/use-sync-external-store-shim.ts', import.meta.url),
        ),
      },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // dist/.vite/manifest.json, read by scripts/initial-size.mjs.
    manifest: true,
    rolldownOptions: {
      // The app, and the standalone support chat page (the default service link) with its own small entry.
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        chat: fileURLToPath(new URL('./chat.html', import.meta.url)),
      },
      output: {
        codeSplitting: {
          groups: [
            {
              // What every screen runs on, in one chunk of the first load: left to itself, the
              // bundler cuts it into pieces by which lazy screens share them, and each piece
              // compresses worse (and moves as screens are added).
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next|zustand)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      // `/v1` carries both the trading HTTP calls and the realtime socket at /v1/ws.
      '/v1': { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
})
