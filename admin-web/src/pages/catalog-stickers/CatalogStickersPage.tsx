// Catalog stickers (Katalog nalepnice): the catalog sticker types with their images. The types
// themselves are fixed data (no add or edit call exists for them); stickers are given to products
// on a product's 'Katalog nalepnica' tab, or to many at once from the products list's mass menu,
// and the page says so with a link instead of offering buttons that would do nothing.
import { Button, Card, Col, Empty, Flex, Image, Row, Skeleton, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { usePageTitle } from '../../components/usePageTitle'
import { useCatalogStickerTypesLookup } from '../../hooks/api/catalogStickerTypes'
import { screens } from '../../screens'

export function CatalogStickersPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const types = useCatalogStickerTypesLookup()
  const l = (k: string) => t(`catalogAdmin.sticker.${k}`)
  usePageTitle(l('title'))
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {l('title')}
        </Typography.Title>
        <Button onClick={() => navigate(screens.products.path)}>{l('toProducts')}</Button>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {l('intro')}
      </Typography.Paragraph>
      {types.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (types.data ?? []).length === 0 ? (
        <Empty description={t('common.noData')} />
      ) : (
        <Row gutter={[16, 16]}>
          {(types.data ?? []).map((s) => (
            <Col key={s.id} xs={24} sm={12} md={8} lg={6}>
              <Card
                size="small"
                title={s.name}
                cover={
                  s.sticker ? (
                    <div style={{ padding: 16, textAlign: 'center', background: '#fafafa' }}>
                      <Image src={s.sticker} alt={s.name} height={120} style={{ objectFit: 'contain' }} />
                    </div>
                  ) : undefined
                }
              >
                {!s.sticker && <Typography.Text type="secondary">{l('noImage')}</Typography.Text>}
                {s.slug && (
                  <Typography.Text type="secondary" style={{ display: 'block' }}>
                    {l('slug')}: {s.slug}
                  </Typography.Text>
                )}
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </Flex>
  )
}
