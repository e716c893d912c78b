import type { LegalKind } from '@tp/contracts/light'
import { Popup } from 'antd-mobile'
import { LegalDocumentView } from './legal-document-view.tsx'

/** A legal document in a sheet over the screen, so that reading it never leaves a form. */
export function LegalDocumentSheet({ kind, onClose }: { kind: LegalKind | undefined; onClose: () => void }) {
  return (
    <Popup
      visible={kind !== undefined}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="legal-sheet"
      showCloseButton
      destroyOnClose
    >
      {kind && <LegalDocumentView kind={kind} />}
    </Popup>
  )
}
