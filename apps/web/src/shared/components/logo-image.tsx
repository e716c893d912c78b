import { useState } from 'react'

interface Props {
  src: string
  /** Whose logo it is; its first letter stands in when there is no logo or it fails to load. */
  name: string
  size?: number
}

/** A logo (instrument, company) from the platform, or the name's initial in a circle when it is missing. */
export function LogoImage({ src, name, size = 36 }: Props) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null)
  if (!src || failedSrc === src) {
    return (
      <span className="logo-image logo-image-fallback" style={{ inlineSize: size, blockSize: size }}>
        {name.slice(0, 1)}
      </span>
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
