import 'antd-mobile/es/components/button/button.css'
import type { ReactNode } from 'react'

interface Props {
  onClick: () => void
  /** antd-mobile's `fill="outline"`; solid otherwise. */
  outline?: boolean
  children: ReactNode
}

/**
 * A primary, rounded action button: the markup and stylesheet of antd-mobile's
 * `<Button color="primary" shape="rounded">`, without its JavaScript (loading states, DotLoading),
 * so the screens of the first load (route error, load failed, real account required) do not
 * bring it in. Screens that need more than a click use antd-mobile's Button.
 */
export function RoundButton({ onClick, outline = false, children }: Props) {
  const fill = outline ? ' adm-button-fill-outline' : ''
  return (
    <button
      type="button"
      className={`adm-button adm-button-primary adm-button-shape-rounded${fill}`}
      onClick={onClick}
    >
      <span>{children}</span>
    </button>
  )
}
