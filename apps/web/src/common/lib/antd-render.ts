import { unstableSetRender } from 'antd-mobile'
import { createRoot, type Root } from 'react-dom/client'

type Container = (Element | DocumentFragment) & { _reactRoot?: Root }

let done = false

/**
 * antd-mobile renders Toast and Dialog with React 18's legacy render, which React 19 removed; it
 * offers this hook to render through createRoot instead (docs/conventions.md "Stack"). It must run before the first
 * toast or dialog, so Toast and Dialog are imported only through antd-toast.ts and antd-dialog.ts,
 * which call it. It is not called at start-up: antd-mobile's render helper (with rc-util and
 * Babel's runtime) would then be part of the first load of every page.
 */
export function setupAntdRender(): void {
  if (done) return
  done = true
  unstableSetRender((node, container: Container) => {
    container._reactRoot ??= createRoot(container)
    const root = container._reactRoot
    root.render(node)
    return async () => {
      // Let the closing animation's last frame commit before the root goes away.
      await new Promise((resolve) => setTimeout(resolve, 0))
      root.unmount()
      delete container._reactRoot
    }
  })
}
