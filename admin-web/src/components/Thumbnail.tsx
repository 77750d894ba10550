// Thumbnail: a list row's small picture that opens the large one. antd's Image (its preview with
// zoom and rotation) loads only when a picture is opened: a list of pictures does not need it for
// its first screen.
import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'

const Preview = lazy(async () => ({ default: (await import('./ThumbnailPreview')).ThumbnailPreview }))

export function Thumbnail({ src, large, size }: { src?: string; large?: string; size: number }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={t('common.enlarge')}
        title={t('common.enlarge')}
        style={{ padding: 0, border: 0, background: 'none', cursor: 'zoom-in', width: size, height: size, display: 'block' }}
      >
        <img src={src} alt="" width={size} height={size} style={{ objectFit: 'contain', display: 'block' }} />
      </button>
      {open && (
        <Suspense fallback={null}>
          <Preview src={large ?? src} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  )
}
