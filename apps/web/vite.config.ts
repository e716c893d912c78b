import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig, minifySync, type Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { precompress } from '../../build/vite-precompress.ts'
import { renderShell, shellScript, shellTextsFile, type ShellPreload } from './src/app/layout/boot-shell.ts'
import { readShellLocales } from './src/app/layout/shell-locales.ts'
import { SCREENS } from './src/app/screens.ts'
import { LANGUAGES } from '../../packages/contracts/src/languages.ts'
import { SHELL_TEXTS_FILE } from '../../packages/contracts/src/web-shell.ts'

/** The API server the dev server forwards to; the built app is served by that server on the same origin. */
const API_TARGET = 'http://localhost:8080'

const SCREEN_LOADERS = fileURLToPath(new URL('./src/app/screen-loaders.ts', import.meta.url))

/**
 * The routes whose screen the shell's script preloads: the first three tabs, where traders start
 * (the script is in the first load; each route adds its file names). Not /login, where a visitor
 * on /order is sent: its form is 38 files (antd-mobile's parts), half a kilobyte in every first
 * load of the script and more than a slow line gains by fetching them a round trip early.
 */
const PRELOADED_ROUTES = ['/', '/trade', '/order']

const I18N_DIR = new URL('./src/common/i18n/', import.meta.url)

/**
 * The modules each preloaded route's loader imports, as src/app/screen-loaders.ts writes them: the
 * screen, and when its texts are a message part (`withTradingMessages`, `withMessages('news', …)`),
 * that part's loaders, and the part's name: the shell asks for its texts in the reader's language,
 * which would otherwise follow the screen's code one round trip later.
 */
function preloadedScreenModules(): Map<string, { modules: string[]; part?: string }> {
  const source = readFileSync(SCREEN_LOADERS, 'utf8')
  const modules = new Map<string, { modules: string[]; part?: string }>()
  for (const entry of source.split(/\n {2}(?='\/)/).slice(1)) {
    const path = /^'([^']+)'/.exec(entry)?.[1]
    const module = /import\('([^']+)'\)/.exec(entry)?.[1]
    if (!path || !module || !PRELOADED_ROUTES.includes(path)) continue
    const part = entry.includes('withTradingMessages(')
      ? 'trading'
      : /withMessages\(\s*'(\w+)'/.exec(entry)?.[1]
    const screen = fileURLToPath(new URL(module, new URL('./src/app/', import.meta.url)))
    const loaders = part ? [fileURLToPath(new URL(`${part}-part.ts`, I18N_DIR))] : []
    modules.set(path, { modules: [screen, ...loaders], part })
  }
  return modules
}

type Bundle = Parameters<NonNullable<Extract<Plugin['generateBundle'], (...args: never[]) => unknown>>>[1]
type Chunk = Extract<Bundle[string], { type: 'chunk' }>

/**
 * For each preloaded route, the files its screen needs beyond the entry's own: its chunk, the chunks it
 * imports (not the entry's, which index.html preloads already) and their CSS, and its message part's
 * texts by language. The app would ask for them only after its code ran and the router matched; the
 * shell's script asks at once.
 */
function routeFiles(bundle: Bundle): ShellPreload {
  const chunks = Object.values(bundle).filter((file): file is Chunk => file.type === 'chunk')
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
  const reach = (start: Chunk[]) => {
    const seen = new Set<string>()
    const walk = (chunk: Chunk) => {
      if (seen.has(chunk.fileName)) return
      seen.add(chunk.fileName)
      for (const name of chunk.imports) {
        const next = byName.get(name)
        if (next) walk(next)
      }
    }
    start.forEach(walk)
    return seen
  }
  const entry = reach(chunks.filter((chunk) => chunk.isEntry))
  const css = (name: string) => [
    ...((byName.get(name) as { viteMetadata?: { importedCss?: Set<string> } } | undefined)?.viteMetadata
      ?.importedCss ?? []),
  ]
  const files: Record<string, string[]> = {}
  const parts: Record<string, Record<string, string>> = {}
  for (const [path, { modules, part }] of preloadedScreenModules()) {
    const starts = chunks.filter((chunk) => chunk.facadeModuleId && modules.includes(chunk.facadeModuleId))
    if (starts.length === 0) continue
    const own = [...reach(starts)].filter((name) => !entry.has(name))
    files[path] = [...own, ...own.flatMap(css)]
    // The part's texts in each language: the shell's script asks for the reader's one only.
    if (part) {
      const folder = fileURLToPath(new URL(`${part}/`, I18N_DIR))
      parts[path] = Object.fromEntries(
        chunks
          .filter(
            (chunk) => chunk.facadeModuleId?.startsWith(folder) && chunk.facadeModuleId.endsWith('.json'),
          )
          .map((chunk) => [chunk.facadeModuleId!.slice(folder.length, -'.json'.length), chunk.fileName]),
      )
    }
  }
  return { files, parts }
}

/** Where index.html loads the shell's script from (a classic script: the server's policy allows no inline one). */
const SHELL_SCRIPT = 'app-shell.js'

/**
 * index.html's app shell in the user's language: the `{{key}}` texts (the default language) and
 * `/app-shell.js`, the default language's tab labels and page titles with the script that applies
 * them or the ones the app remembered for the user's language, both from the core locales
 * (src/app/layout/boot-shell.ts).
 */
function appShell(): Plugin {
  return {
    name: 'app-shell',
    configureServer(server) {
      server.middlewares.use(`/${SHELL_SCRIPT}`, (_request, response) => {
        response.setHeader('content-type', 'text/javascript; charset=utf-8')
        response.end(shellScript(readShellLocales()))
      })
    },
    generateBundle(_options, bundle) {
      this.emitFile({
        type: 'asset',
        fileName: SHELL_SCRIPT,
        // Minified: it is part of the first load, and its source is the TypeScript compiler's output.
        source: minifySync(SHELL_SCRIPT, shellScript(readShellLocales(), routeFiles(bundle))).code,
      })
      // The other languages' shell texts, for the server to write into each page (the script
      // above carries the default language's only).
      this.emitFile({ type: 'asset', fileName: SHELL_TEXTS_FILE, source: shellTextsFile(readShellLocales()) })
    },
    transformIndexHtml: {
      order: 'pre',
      handler(html, context) {
        return context.path.endsWith('/index.html') || context.path === '/'
          ? renderShell(html, readShellLocales())
          : html
      },
    },
  }
}

/**
 * index.html's module preloads (the entry's static imports, about 120 KB compressed) become one
 * `<meta name="app-preload">` that the shell's script turns back into preloads after the first
 * paint (src/app/layout/boot-shell.ts): on a slow line the paint then waits for the page, its
 * stylesheet and app-shell.js only. The entry script itself stays, so its imports load regardless.
 */
function preloadAfterFirstPaint(): Plugin {
  return {
    name: 'preload-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.path.endsWith('/index.html')) return html
        const files: string[] = []
        const rest = html.replace(
          /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g,
          (_, href: string) => {
            files.push(href)
            return ''
          },
        )
        return rest.replace('</head>', `  <meta name="app-preload" content="${files.join(' ')}">\n  </head>`)
      },
    },
  }
}

/**
 * The service worker (docs/decisions/015-service-worker.md): it precaches the shell and the built
 * assets, so the app opens offline, and answers a navigation to a phone route with index.html.
 * It never answers an API call (nothing under /api, /v1 or /admin is cached), so a balance, an order
 * or a price is always the server's answer or an error, never an old copy. The web manifest stays the server's
 * (apps/server/src/http/routes/web-manifest.ts); the app registers the worker itself, after the
 * first paint (src/common/pwa/register.ts).
 */
/**
 * Chunks built under their own name (see chunkFileNames below): the framework, our texts of each
 * language and antd-mobile's (en-US, ...), which the service worker leaves out by name.
 */
const NAMED_CHUNKS = new Set<string>(['framework', ...LANGUAGES.map((l) => l.code)])
const isNamedChunk = (name: string) => NAMED_CHUNKS.has(name) || /^[a-z]{2}-[A-Z]{2}$/.test(name)

function serviceWorker() {
  // Other languages' texts are fetched (and then kept) only when chosen: 20 of 21 would be waste.
  const otherLanguages = LANGUAGES.filter((l) => l.code !== 'hk').map((l) => l.code)
  const routes = SCREENS.map((screen) => screen.path.replace(/[/-]/g, (c) => `\\${c}`)).join('|')
  return VitePWA({
    strategies: 'generateSW',
    filename: 'sw.js',
    injectRegister: false,
    registerType: 'prompt',
    manifest: false,
    includeManifestIcons: false,
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png,webp,ico,woff2}'],
      // Compressed copies are the server's business; the support chat page is online only.
      globIgnores: [
        '**/*.br',
        '**/*.gz',
        'chat.html',
        '.vite/**',
        `assets/{${otherLanguages.join(',')}}-*.js`,
      ],
      navigateFallback: '/index.html',
      // Only the phone's own routes: never /admin, /api, /v1 (API and socket) or a file.
      navigateFallbackAllowlist: [new RegExp(`^(${routes})/?$`)],
      navigateFallbackDenylist: [/^\/(admin|api|v1)(\/|$)/],
      // Built files the precache left out (another language's texts) are kept once fetched: their
      // names change with their content. Nothing else is cached at run time: no API, no upload.
      runtimeCaching: [
        {
          urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
          handler: 'CacheFirst',
          options: { cacheName: 'assets', expiration: { maxEntries: 300 } },
        },
      ],
      cleanupOutdatedCaches: true,
      // Web push: shows the server's notices and opens their screen (public/push-handler.js).
      importScripts: ['/push-handler.js'],
      // The waiting worker takes over when the app asks it (src/common/pwa/register.ts), not by itself.
      skipWaiting: false,
      clientsClaim: false,
    },
  })
}

export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  plugins: [appShell(), preloadAfterFirstPaint(), react(), serviceWorker(), precompress()],
  resolve: {
    alias: [
      {
        find: /^use-sync-external-store\/shim$/,
        replacement: fileURLToPath(
          new URL('./src/common/lib/use-sync-external-store-shim.ts', import.meta.url),
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
        // Lazy chunks and their stylesheets by hash alone: the entry lists every lazy screen's
        // files for preloading (2 KB of its 150 KB budget), and names like
        // attach-properties-to-component made up half of that list. The manifest
        // (dist/.vite/manifest.json) still maps each source to its file. Some keep their names
        // (isNamedChunk).
        chunkFileNames: (chunk) =>
          isNamedChunk(chunk.name) ? 'assets/[name]-[hash].js' : 'assets/[hash].js',
        assetFileNames: (asset) =>
          asset.names.some((name) => name.endsWith('.css'))
            ? 'assets/[hash][extname]'
            : 'assets/[name]-[hash][extname]',
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
