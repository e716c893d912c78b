/**
 * Shown while a screen's code or first data loads. A CSS spinner drawn like antd-mobile's
 * SpinLoading (`.page-spinner` in styles.css), so the first load carries no animation library.
 */
export function PageLoading() {
  return (
    <div className="page-loading" role="status" aria-busy="true">
      <svg className="page-spinner" viewBox="0 0 32 32" aria-hidden="true">
        <circle className="page-spinner-fill" r="15" cx="16" cy="16" />
      </svg>
    </div>
  )
}
