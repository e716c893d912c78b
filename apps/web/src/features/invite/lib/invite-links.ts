/**
 * The links that open registration with `code` filled in: the hash form that older clients shared
 * (docs/product.md: `{origin}/#/register?invite_code={code}`), and the same without `#` for apps that cut a
 * link at its hash. The web app reads both (app/hash-route.ts turns the first into the second).
 */
export function inviteLinks(origin: string, code: string): { hash: string; plain: string } {
  const query = `register?invite_code=${encodeURIComponent(code)}`
  return { hash: `${origin}/#/${query}`, plain: `${origin}/${query}` }
}
