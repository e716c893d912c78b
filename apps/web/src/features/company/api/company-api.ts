import { api } from '../../../common/api-client.ts'

/** Without a name, getCompany answers the platform's complaint e-mail. */
export function fetchComplaintEmail(signal?: AbortSignal): Promise<string> {
  return api
    .get<{ email?: string | null } | null>('/api/company/getCompany', { signal })
    .then((data) => data?.email?.trim() ?? '')
}
