import { Dialog } from 'antd-mobile'
import { setupAntdRender } from './antd-render.ts'

/** antd-mobile's Dialog, ready to render under React 19 (Dialog.confirm and Dialog.alert). */
setupAntdRender()

// antd-mobile's dialogs ignore Escape; here Escape closes them, a confirm answering "cancel", and
// goes no further (a sheet under the dialog stays open).
document.addEventListener(
  'keydown',
  (event) => {
    if (event.key !== 'Escape' || !document.querySelector('.adm-dialog')) return
    event.stopPropagation()
    closeWhenShown(MAX_WAIT_FRAMES)
  },
  { capture: true },
)

/**
 * Closes the open dialogs once none is still animating. A dialog closed before its opening
 * animation has moved never finishes closing: it stays on screen with its buttons (seen in a browser
 * test on a busy machine). antd-mobile avoids this for taps by taking none until the dialog is fully
 * shown (`pointer-events: none` on its body while it moves), so Escape waits for the same sign.
 */
function closeWhenShown(framesLeft: number): void {
  const bodies = document.querySelectorAll<HTMLElement>('.adm-dialog .adm-center-popup-wrap > div')
  const moving = [...bodies].some((body) => getComputedStyle(body).pointerEvents === 'none')
  if (moving && framesLeft > 0) requestAnimationFrame(() => closeWhenShown(framesLeft - 1))
  else Dialog.clear()
}

/** About two seconds: an opening takes a few hundred milliseconds even on a slow phone. */
const MAX_WAIT_FRAMES = 120

export { Dialog }
