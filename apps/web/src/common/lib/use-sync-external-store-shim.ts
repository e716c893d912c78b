/**
 * Stands in for `use-sync-external-store/shim` in the build (vite.config.ts). react-i18next and
 * antd-mobile import the shim for React 17; under React 18+ it hands out React's own hook, which
 * this module does directly, without shipping the shim's fallback.
 */
export { useSyncExternalStore } from 'react'
