import { Toast } from 'antd-mobile'
import { setupAntdRender } from './antd-render.ts'

/** antd-mobile's Toast, ready to render under React 19. Loaded on demand by toast.ts. */
setupAntdRender()

export { Toast }
