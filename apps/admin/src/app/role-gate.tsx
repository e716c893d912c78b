import type { ReactElement } from 'react'
import { Navigate } from 'react-router'
import { mayOpen, type PageName } from '../common/roles.ts'
import { useSession } from '../common/session/session-store.ts'

/** A page the role may not use is not shown (the server refuses its calls anyway). */
export function RoleGate({ page, element }: { page: PageName; element: ReactElement }) {
  const session = useSession()
  if (!session || !mayOpen(session.staff.role, page)) return <Navigate to="/" replace />
  return element
}
