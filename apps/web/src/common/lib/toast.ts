import type { ToastShowProps } from 'antd-mobile'
import type { Toast } from './antd-toast.ts'

type ToastApi = typeof Toast

let loading: Promise<ToastApi> | null = null

/**
 * antd-mobile's Toast (with its animation library) is not part of the first load: it is fetched
 * the first time a toast is shown, or earlier by preloadToast() once the page is idle, so that an
 * error toast still shows when the network is down. A failed fetch is tried again next time.
 */
function loadToast(): Promise<ToastApi> {
  loading ??= import('./antd-toast.ts').then(
    (module) => module.Toast,
    (error: unknown) => {
      loading = null
      throw error
    },
  )
  return loading
}

/** Calls run in the order they were made, also while the module is still loading. */
function withToast(use: (toast: ToastApi) => void): void {
  loadToast().then(use, (error: unknown) => console.debug('toast load failed', error))
}

/** Fetches the toast module ahead of the first toast. */
export function preloadToast(): void {
  loadToast().catch((error: unknown) => console.debug('toast preload failed', error))
}

export function showToast(props: ToastShowProps): void {
  withToast((toast) => toast.show(props))
}

/** Closes the toast shown, if any. */
export function clearToast(): void {
  // Nothing was ever shown when the module was never asked for.
  if (loading) withToast((toast) => toast.clear())
}

/** A success toast with the server's translated message. */
export function toastSuccess(message: string): void {
  if (message) showToast({ icon: 'success', content: message })
}

/** A plain message toast, e.g. a client-side validation message. */
export function toastInfo(message: string): void {
  showToast({ content: message })
}
