import { api } from '../../../common/api-client.ts'

export function logout(): Promise<unknown> {
  // Sign-out must finish locally even when the server is unreachable, so no error toast here.
  return api.post<unknown>('/api/user/logout', {}, { loading: true, silent: true })
}
