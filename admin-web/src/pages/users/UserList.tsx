// The users list (admin/users): the shared list layout with id, name, e-mail and roles.
import { EditOutlined, PlusOutlined } from '@ant-design/icons'
import { Button, Tag, type TableProps } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import type { User } from '../../api/client'
import { ListPage } from '../../components/ListPage'
import { PermissionGuard } from '../../components/PermissionGuard'
import { useListParams } from '../../components/useListParams'

// the users endpoint pages up to 100 rows
const USER_PAGE_SIZES = [20, 50, 100]
import { useUsers } from '../../hooks/api/users'
import { href, screens } from '../../screens'

export function UserList() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [params] = useListParams(USER_PAGE_SIZES)
  const users = useUsers({ page: params.page, paginate: params.paginate, search: params.search || undefined })

  const columns: TableProps<User>['columns'] = [
    { key: 'id', dataIndex: 'id', title: t('users.id'), width: 80 },
    { key: 'name', dataIndex: 'name', title: t('users.name') },
    { key: 'email', dataIndex: 'email', title: t('users.email') },
    {
      key: 'roles',
      dataIndex: 'roles',
      title: t('users.roles'),
      render: (roles: string[] | undefined) => (roles ?? []).map((r) => <Tag key={r}>{r}</Tag>),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 100,
      render: (_, u) => (
        <PermissionGuard permission="update-user">
          <Link to={href(screens.user, { userId: u.id ?? 0 })} aria-label={t('common.edit')} title={t('common.edit')}>
            <EditOutlined />
          </Link>
        </PermissionGuard>
      ),
    },
  ]

  return (
    <ListPage<User>
      title={t('users.title')}
      extra={
        <PermissionGuard permission="create-user">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(screens.userAdd.path)}>
            {t('users.add')}
          </Button>
        </PermissionGuard>
      }
      rowKey="id"
      columns={columns}
      rows={users.data?.data}
      meta={users.data?.meta}
      loading={users.isFetching}
      pageSizes={USER_PAGE_SIZES}
    />
  )
}
