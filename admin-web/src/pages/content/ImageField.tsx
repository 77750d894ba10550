// ImageField: one image of a content form (a banner's desktop or mobile image, a news image):
// the stored picture, if any, and a file input. A file over 2 MB is refused here with the
// specification's text before anything is sent; the server checks the content again.
import { Flex, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'

export const IMAGE_MAX_BYTES = 2_000_000

export function imageTooLarge(f: File | null | undefined): boolean {
  return !!f && f.size > IMAGE_MAX_BYTES
}

export interface ImageFieldProps {
  id?: string
  value?: File | null
  onChange?: (f: File | null) => void
  /** the stored image's URL */
  current?: string | null
  'aria-label'?: string
}

export function ImageField({ id, onChange, current, 'aria-label': label }: ImageFieldProps) {
  const { t } = useTranslation()
  const [preview, setPreview] = useState<string | null>(null)
  return (
    <Flex vertical gap={8}>
      {(preview ?? current) && <img src={preview ?? current ?? ''} alt="" style={{ maxWidth: 320, maxHeight: 120, objectFit: 'contain' }} />}
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        aria-label={label}
        onChange={(e) => {
          const f = e.target.files?.[0] ?? null
          setPreview(f && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(f) : null)
          onChange?.(f)
        }}
      />
      <Typography.Text type="secondary">{t('content.imageHint')}</Typography.Text>
    </Flex>
  )
}
