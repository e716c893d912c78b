import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

/** The API server the dev server forwards to; the built app is served by that server on the same origin. */
const API_TARGET = 'http://localhost:8080'

/**
 * @tp/contracts re-exports its zod schemas from the same index as the constants the client uses.
 * Its package.json does not declare `sideEffects: false`, so without this the schemas (and zod,
 * about 60 KB) land in the first load. Its modules only declare values, so this is safe.
 */
function contractsWithoutSideEffects(): Plugin {
  return {
    name: 'contracts-without-side-effects',
    transform: {
      filter: { id: /[\\/]packages[\\/]contracts[\\/]src[\\/]/ },
      handler: (code) => ({ code, map: null, moduleSideEffects: false }),
    },
  }
}

export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  plugins: [react(), contractsWithoutSideEffects()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
  },
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      // `/v1` carries both the trading HTTP calls and the realtime socket at /v1/ws.
      '/v1': { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
})
