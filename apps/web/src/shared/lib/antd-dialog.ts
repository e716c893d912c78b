import { Dialog } from 'antd-mobile'
import { setupAntdRender } from './antd-render.ts'

/** antd-mobile's Dialog, ready to render under React 19 (Dialog.confirm and Dialog.alert). */
setupAntdRender()

export { Dialog }
