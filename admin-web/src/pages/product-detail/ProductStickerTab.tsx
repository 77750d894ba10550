// The product's energy sticker (Nalepnica): preview, upload (multipart `sticker`, at most 2 MB)
// and delete with confirmation.
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons'
import { Alert, Button, Card, Flex, Image, Space, Spin, Typography, Upload } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { serverFieldData } from '../../forms/serverErrors'
import { useDeleteEnergySticker, useUploadEnergySticker } from '../../hooks/api/productDetail'
import { imageProblem } from './productRules'

export function ProductStickerTab({ id, sticker }: { id: number; sticker?: string | null }) {
  const { t } = useTranslation()
  const upload = useUploadEnergySticker(id)
  const remove = useDeleteEnergySticker(id)
  const [problem, setProblem] = useState<string | null>(null)
  const [confirm, setConfirm] = useState(false)
  return (
    <Spin spinning={upload.isPending}>
      <Card size="small" title={t('catalogAdmin.product.energySticker')}>
        <Flex vertical gap={12}>
          {problem && <Alert type="error" showIcon message={problem} closable onClose={() => setProblem(null)} />}
          {sticker ? (
            <Image src={sticker} width={200} alt={t('catalogAdmin.product.energySticker')} />
          ) : (
            <Typography.Text type="secondary">{t('catalogAdmin.product.noSticker')}</Typography.Text>
          )}
          <Space>
            <Upload
              accept="image/jpeg,image/png,image/webp"
              showUploadList={false}
              beforeUpload={(f) => {
                const p = imageProblem(f)
                setProblem(p && t(p))
                if (!p) upload.mutate(f, { onError: (err) => setProblem(serverFieldData(err)[0]?.errors[0] ?? null) })
                return false
              }}
            >
              <Button icon={<UploadOutlined />}>{sticker ? t('catalogAdmin.product.replaceSticker') : t('catalogAdmin.product.uploadSticker')}</Button>
            </Upload>
            {sticker && (
              <Button danger icon={<DeleteOutlined />} onClick={() => setConfirm(true)}>
                {t('catalogAdmin.common.delete')}
              </Button>
            )}
          </Space>
        </Flex>
      </Card>
      <ConfirmDialog
        open={confirm}
        danger
        busy={remove.isPending}
        title={t('catalogAdmin.product.deleteStickerTitle')}
        onCancel={() => setConfirm(false)}
        onConfirm={() => remove.mutate(undefined, { onSettled: () => setConfirm(false) })}
      />
    </Spin>
  )
}
