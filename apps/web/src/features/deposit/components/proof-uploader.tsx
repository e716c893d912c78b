import { ImageUploader, type ImageUploadItem } from 'antd-mobile'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { uploadImage } from '../../../common/api/image-upload.ts'

interface Props {
  /** The uploaded proof's id, or null. */
  value: string | null
  onChange: (id: string | null) => void
}

/** One proof image: uploaded at once through image_upload, with its preview and progress. */
export function ProofUploader({ value, onChange }: Props) {
  const { t } = useTranslation()
  const [items, setItems] = useState<ImageUploadItem[]>([])
  const [progress, setProgress] = useState<number | null>(null)
  // The parent clears the proof after a submit: the preview goes with it.
  const shown = value === null && progress === null ? [] : items

  async function upload(file: File): Promise<ImageUploadItem> {
    setProgress(0)
    try {
      const image = await uploadImage(file, setProgress)
      onChange(image.id)
      return { url: image.url, key: image.id }
    } finally {
      setProgress(null)
    }
  }

  return (
    <div className="field" data-testid="deposit-proof">
      <span className="field-label">{t('deposit.proof')}</span>
      <ImageUploader
        value={shown}
        onChange={(next) => {
          setItems(next)
          if (next.length === 0) onChange(null)
        }}
        upload={upload}
        maxCount={1}
        accept="image/jpeg,image/png,image/webp"
      />
      {progress !== null && (
        <p className="field-hint" role="status" data-testid="deposit-proof-progress">
          {t('deposit.uploading', { percent: progress })}
        </p>
      )}
    </div>
  )
}
