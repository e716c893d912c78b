import { api } from '../../../common/api-client.ts'

/** The current password always; the e-mailed code when the account has an e-mail address. */
export interface AmendPasswordForm {
  old_password: string
  new_password: string
  re_password: string
  auth_code?: string
}

export function amendPassword(form: AmendPasswordForm) {
  return api.postResult<unknown>('/api/user/amend_password', { ...form, type: 'email' }, { loading: true })
}

/** Demo accounts only: positions closed, pending orders cancelled, balance back to the starting amount. */
export function resetDemoAccount() {
  return api.getResult<null>('/v1/api/main/user/resetForexDemoAccount', { loading: true })
}
