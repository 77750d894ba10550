// The large picture of a Thumbnail, in antd's image preview (loaded when opened).
import { Image } from 'antd'

export function ThumbnailPreview({ src, onClose }: { src?: string; onClose: () => void }) {
  return (
    <Image
      src={src}
      alt=""
      wrapperStyle={{ display: 'none' }}
      preview={{ visible: true, src, onVisibleChange: (visible) => !visible && onClose() }}
    />
  )
}
