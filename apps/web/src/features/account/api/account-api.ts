import { api } from '../../../shared/api-client.ts'

export interface AmendPasswordForm {
  new_password: string
  re_password: string
  auth_code: string
}

export function amendPassword(form: AmendPasswordForm) {
  return api.postResult<unknown>('/api/user/amend_password', { ...form, type: 'email' }, { loading: true })
}

/** Demo accounts only: positions closed, pending orders cancelled, balance back to the starting amount. */
export function resetDemoAccount() {
  return api.getResult<null>('/v1/api/main/user/resetForexDemoAccount', { loading: true })
}
