import { Button } from 'antd-mobile'
import type { ReactNode } from 'react'

interface Props {
  busy: boolean
  testId: string
  children: ReactNode
}

/** A form's full-width primary button, spinning while the form is being sent. */
export function SubmitButton({ busy, testId, children }: Props) {
  return (
    <Button
      block
      color="primary"
      size="large"
      shape="rounded"
      type="submit"
      loading={busy}
      data-testid={testId}
    >
      {children}
    </Button>
  )
}
