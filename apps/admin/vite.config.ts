import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'

// The back office is served by the platform under /admin.
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true },
})
