import { Toast } from 'antd-mobile'

/** A success toast with the server's translated message. */
export function toastSuccess(message: string): void {
  if (message) Toast.show({ icon: 'success', content: message })
}

/** A plain message toast, e.g. a client-side validation message. */
export function toastInfo(message: string): void {
  Toast.show({ content: message })
}
