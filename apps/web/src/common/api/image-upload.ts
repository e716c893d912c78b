import { ResultCode } from '@tp/contracts/light'
import { signInAgain } from '../api-client.ts'
import { currentLanguage, translate } from '../i18n/i18n.ts'
import { toastInfo } from '../lib/toast.ts'
import { useSession } from '../session/session-store.ts'

interface UploadEnvelope {
  code?: unknown
  msg?: unknown
  data?: Partial<UploadedImage> | null
}

function parseEnvelope(text: string): UploadEnvelope | null {
  try {
    const value: unknown = JSON.parse(text)
    return typeof value === 'object' && value !== null ? (value as UploadEnvelope) : null
  } catch {
    return null
  }
}

export interface UploadedImage {
  /** A signed link to the stored image, for the preview. */
  url: string
  /** The upload's id, which deposits (proof) and identity checks (ID images) accept. */
  id: string
}

/**
 * Sends one image to `POST /api/common/image_upload` (multipart field `file`). XMLHttpRequest
 * rather than the api client's fetch because only it reports upload progress. Refusals (format,
 * size, rate) are the server's translated message as a toast, like every other call (docs/product.md "Refusals").
 */
export function uploadImage(file: File, onProgress: (percent: number) => void): Promise<UploadedImage> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open('POST', '/api/common/image_upload')
    request.setRequestHeader('lang', currentLanguage())
    request.setRequestHeader('accept', 'application/json')
    const token = useSession.getState().token
    if (token) request.setRequestHeader('authorization', token)
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100))
    }
    const fail = (message: string) => {
      toastInfo(message)
      reject(new Error(message))
    }
    request.onerror = () => fail(translate('common.networkError'))
    request.onload = () => {
      const envelope = parseEnvelope(request.responseText)
      if (!envelope || typeof envelope.code !== 'number')
        return fail(translate('common.networkErrorStatus', { status: request.status }))
      if (envelope.code === ResultCode.RELOGIN) {
        signInAgain(false)
        return reject(new Error(String(envelope.msg)))
      }
      const { url, id } = envelope.data ?? {}
      if (envelope.code !== ResultCode.OK || typeof url !== 'string' || typeof id !== 'string')
        return fail(String(envelope.msg ?? ''))
      resolve({ url, id })
    }
    const form = new FormData()
    form.append('file', file)
    request.send(form)
  })
}
