/** Invitations, `/mine/invite` (docs/product.md "Screens" and "Records", issue 10). */

/**
 * `GET /api/user/invite_info`: the caller's invitation code and how many accounts registered with
 * it. The link to share is `{origin}/#/register?invite_code={invite_code}`.
 */
export interface InviteInfo {
  invite_code: string
  invited_count: number
}
