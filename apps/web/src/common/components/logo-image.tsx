import { lazy, Suspense, useState } from 'react'

const CodeBadge = lazy(() => import('./code-badge.tsx'))

/** Whether a label is an instrument code (letters, digits, a slash) rather than a company's name. */
const isCode = (label: string) => /^[A-Z0-9]{1,10}(\/[A-Z0-9]{1,10})?$/.test(label)

interface Props {
  src: string
  /** Whose logo it is: an instrument's code (drawn whole) or a name (its first letter) when there is none. */
  name: string
  size?: number
}

/** A logo (instrument, company) from the platform, or a stand-in drawn from the code or the name. */
export function LogoImage({ src, name, size = 36 }: Props) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null)
  if (!src || failedSrc === src) {
    const initial = (
      <span className="logo-image logo-image-fallback" style={{ inlineSize: size, blockSize: size }}>
        {name.slice(0, 1)}
      </span>
    )
    if (!isCode(name)) return initial
    return (
      <Suspense fallback={initial}>
        <CodeBadge code={name} size={size} />
      </Suspense>
    )
  }
  return (
    <img
      className="logo-image"
      src={src}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      onError={() => setFailedSrc(src)}
    />
  )
}
