import { ImageUploader, type ImageUploadItem } from 'antd-mobile'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
// The deposit proof's upload client (image_upload with progress), used as it is rather than copied.
import { uploadImage } from '../../../common/api/image-upload.ts'

interface Props {
  /** Which side of the document: names the box and its test id. */
  side: 'front' | 'back'
  /** The signed link of the uploaded image, or null. */
  value: string | null
  onChange: (url: string | null) => void
}

/** A card outline with a portrait on the front side and lines on the back. */
function CardIcon({ side }: { side: Props['side'] }) {
  return (
    <svg
      viewBox="0 0 48 32"
      width="48"
      height="32"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.6}
      aria-hidden="true"
    >
      <rect x="1" y="1" width="46" height="30" rx="4" />
      {side === 'front' ? (
        <>
          <circle cx="14" cy="13" r="4" />
          <path d="M7 24c1.5-3.5 4-5 7-5s5.5 1.5 7 5" />
          <path d="M27 11h14M27 17h10M27 23h12" />
        </>
      ) : (
        <path d="M7 9h34M7 15h34M7 21h20" />
      )}
    </svg>
  )
}

/** One side of the ID document: one image, uploaded at once, with its preview and progress. */
export function IdImagePicker({ side, value, onChange }: Props) {
  const { t } = useTranslation()
  const [items, setItems] = useState<ImageUploadItem[]>([])
  const [progress, setProgress] = useState<number | null>(null)
  const shown = value === null && progress === null ? [] : items
  const label = side === 'front' ? t('identity.front') : t('identity.back')

  async function upload(file: File): Promise<ImageUploadItem> {
    setProgress(0)
    try {
      const image = await uploadImage(file, setProgress)
      onChange(image.url)
      return { url: image.url, key: image.id }
    } finally {
      setProgress(null)
    }
  }

  return (
    <div className="identity-picker" data-testid={`identity-${side}`}>
      <ImageUploader
        value={shown}
        onChange={(next) => {
          setItems(next)
          if (next.length === 0) onChange(null)
        }}
        upload={upload}
        maxCount={1}
        columns={1}
        accept="image/jpeg,image/png,image/webp"
      >
        <span className="identity-picker-empty">
          <CardIcon side={side} />
          <span>{side === 'front' ? t('identity.uploadFront') : t('identity.uploadBack')}</span>
        </span>
      </ImageUploader>
      <p className="identity-picker-label">
        {progress === null ? label : t('identity.uploading', { percent: progress })}
      </p>
    </div>
  )
}
