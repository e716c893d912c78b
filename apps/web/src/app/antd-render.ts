import { unstableSetRender } from 'antd-mobile'
import { createRoot, type Root } from 'react-dom/client'

type Container = (Element | DocumentFragment) & { _reactRoot?: Root }

/**
 * antd-mobile renders Toast and Dialog with React 18's legacy render, which React 19 removed; it
 * offers this hook to render through createRoot instead (STACK.md). Called once, before any toast.
 */
export function setupAntdRender(): void {
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
