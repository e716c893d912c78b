import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { precompress } from '../../build/vite-precompress.ts'

// The back office is served by the platform under /admin. Staff use it on desktops, all day: the
// libraries go in chunks of their own, cached across releases of the pages.
export default defineConfig({
  base: '/admin/',
  plugins: [react(), precompress()],
  // `npx vite` in apps/admin: the API of a platform running locally (npm run serve, port 8080).
  server: { proxy: { '/admin/api': 'http://localhost:8080' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // antd alone is past the default 500 KB before compression (1.2 MB with the components the back
    // office uses, 381 KB gzipped); it is one cached file, not on the phone's path.
    chunkSizeWarningLimit: 1400,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'antd', test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+)[\\/]/ },
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|@tanstack)[\\/]/,
            },
          ],
        },
      },
    },
  },
})
