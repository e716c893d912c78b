/**
 * Takes away index.html's app shell once React has drawn a screen (or its error), before that frame
 * is painted: the shell covers the page until then, so the first paint needs no JavaScript and
 * nothing moves when the app takes over.
 */
export function removeBootShell(): void {
  document.getElementById('boot-shell')?.remove()
}
