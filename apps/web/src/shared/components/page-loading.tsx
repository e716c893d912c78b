import { SpinLoading } from 'antd-mobile'

/** Shown while a screen's code or first data loads. */
export function PageLoading() {
  return (
    <div className="page-loading" role="status" aria-busy="true">
      <SpinLoading color="primary" style={{ '--size': '32px' }} />
    </div>
  )
}
