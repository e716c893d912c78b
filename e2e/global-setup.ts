import { execSync } from 'node:child_process'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The web and admin apps were built into their dist folders for this run, as `npm start` builds them. */
    clientsBuilt: boolean
  }
}

/**
 * Builds both client apps once for the whole browser-test run (`npm run build`, production), so
 * that each test file serves the same build instead of building its own. With `E2E_WEB_DIST` and
 * `E2E_ADMIN_DIST` (builds made elsewhere) nothing is built here; with `E2E_CLIENTS_BUILT=1` the
 * caller has just run `npm run build` itself (CI, which measures that build's size first).
 */
export default function setup(project: TestProject): void {
  const elsewhere = Boolean(process.env.E2E_WEB_DIST && process.env.E2E_ADMIN_DIST)
  if (!elsewhere && process.env.E2E_CLIENTS_BUILT !== '1')
    execSync('npm run build', {
      cwd: new URL('..', import.meta.url).pathname,
      stdio: 'pipe',
      env: { ...process.env, NODE_ENV: 'production' },
    })
  project.provide('clientsBuilt', !elsewhere)
}
