// The users list (admin/users): the shared list layout with id, name, e-mail, roles and
// whether the user may sign in; edit, deactivate or reactivate, and delete (update-user), each
// change after a Da/Ne question. The server refuses yourself and the last super-admin; its
// message shows above the list (and as the app's error toast).
import { DeleteOutlined, EditOutlined, PlusOutlined, StopOutlined, CheckCircleOutlined } from '@ant-design/icons'
import { Alert, Button, Space, Tag, type TableProps } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { ApiError, type User } from '../../api/client'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { ListPage } from '../../components/ListPage'
import { PermissionGuard } from '../../components/PermissionGuard'
import { useListParams } from '../../components/useListParams'

// the users endpoint pages up to 100 rows
const USER_PAGE_SIZES = [20, 50, 100]
import { useDeleteUser, useSetUserActive, useUsers } from '../../hooks/api/users'
import { href, screens } from '../../screens'

export function UserList() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [params] = useListParams(USER_PAGE_SIZES)
  const users = useUsers({ page: params.page, paginate: params.paginate, search: params.search || undefined })
  const remove = useDeleteUser()
  const setActive = useSetUserActive()
  // the question being asked: delete, or switch the user's sign-in on or off
  const [asking, setAsking] = useState<{ user: User; action: 'delete' | 'deactivate' | 'activate' } | null>(null)
  const [refusal, setRefusal] = useState<string | null>(null)
  const s = (k: string, o?: Record<string, unknown>) => t(`staff.users.${k}`, o ?? {})
  const refused = (err: unknown) => {
    if (err instanceof ApiError && err.status === 409 && err.body?.message) setRefusal(err.body.message)
  }
  const confirm = () => {
    if (!asking?.user.id) return
    const id = asking.user.id
    setRefusal(null)
    const done = { onError: refused, onSettled: () => setAsking(null) }
    if (asking.action === 'delete') remove.mutate(id, done)
    else setActive.mutate({ id, active: asking.action === 'activate' }, done)
  }

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
      key: 'active',
      title: s('status'),
      width: 120,
      render: (_, u) => (u.active === false ? <Tag color="red">{s('inactive')}</Tag> : <Tag color="green">{s('active')}</Tag>),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 140,
      render: (_, u) => (
        <PermissionGuard permission="update-user">
          <Space>
            <Link to={href(screens.user, { userId: u.id })} aria-label={t('common.edit')} title={t('common.edit')}>
              <EditOutlined />
            </Link>
            {u.active === false ? (
              <Button size="small" icon={<CheckCircleOutlined />} aria-label={`${s('activate')} ${u.name}`} title={s('activate')} onClick={() => setAsking({ user: u, action: 'activate' })} />
            ) : (
              <Button size="small" icon={<StopOutlined />} aria-label={`${s('deactivate')} ${u.name}`} title={s('deactivate')} onClick={() => setAsking({ user: u, action: 'deactivate' })} />
            )}
            <Button size="small" danger icon={<DeleteOutlined />} aria-label={`${t('common.delete')} ${u.name}`} title={t('common.delete')} onClick={() => setAsking({ user: u, action: 'delete' })} />
          </Space>
        </PermissionGuard>
      ),
    },
  ]

  const askText = asking ? s(asking.action === 'delete' ? 'deleteText' : `${asking.action}Text`, { name: asking.user.name }) : ''
  return (
    <>
      <ListPage<User>
        title={t('users.title')}
        chips={refusal ? <Alert type="error" showIcon closable message={refusal} onClose={() => setRefusal(null)} data-testid="user-refusal" /> : undefined}
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
      <ConfirmDialog
        open={asking !== null}
        danger={asking?.action !== 'activate'}
        busy={remove.isPending || setActive.isPending}
        title={asking ? s(`${asking.action}Title`) : ''}
        onCancel={() => setAsking(null)}
        onConfirm={confirm}
      >
        {askText}
      </ConfirmDialog>
    </>
  )
}
