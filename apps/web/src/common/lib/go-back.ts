/**
 * Whether the browser history holds an earlier page of this app. react-router keeps its own index
 * in `history.state.idx`; 0 means the user arrived here directly (a shared link, a reload).
 */
export function canGoBack(): boolean {
  const state = window.history.state as { idx?: unknown } | null
  return typeof state?.idx === 'number' && state.idx > 0
}
