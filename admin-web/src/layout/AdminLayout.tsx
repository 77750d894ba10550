// The back-office shell: the sidebar (closed at widths up to 1200 px), the header with the
// language switch, the notifications bell and the user menu, and the current screen.
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons'
import { Button, Flex, theme } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { clearTokens } from '@shop/shared'
import { Navigate, Outlet, useNavigate } from 'react-router'
import { ApiError, clearQueueCookie } from '../api/client'
import { isStaff } from '../auth/access'
import { Loading } from '../auth/guards'
import { LazyResult as Result } from '../components/LazyResult'
import { useLogout, useMe, useModules } from '../hooks/api/session'
import { useShell } from '../hooks/api/shell'
import { LanguageSwitch } from './LanguageSwitch'
import { NotificationBell } from './NotificationBell'
import { SidebarMenu } from './SidebarMenu'
import { UserMenu } from './UserMenu'
import { useNarrow } from './useNarrow'

export const SIDEBAR_BREAKPOINT = 1200

export function AdminLayout() {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  const me = useMe()
  const modules = useModules()
  const shell = useShell(!!me.data && isStaff(me.data))
  const narrow = useNarrow(SIDEBAR_BREAKPOINT)
  // a phone: less padding around the screen and between the header's controls
  const phone = useNarrow(600)
  const [collapsed, setCollapsed] = useState(narrow)
  useEffect(() => setCollapsed(narrow), [narrow])

  if (me.isPending) return <Loading />
  if (me.error instanceof ApiError && me.error.status === 401) return <SessionGone />
  if (!me.data) return <Result status="500" title={t('errors.server')} />
  if (!isStaff(me.data)) return <CustomerDenied />

  return (
    // plain boxes in antd Layout's look (its Sider's widths, a 64 px header): antd's Layout is
    // code every screen would load for what three styled boxes do
    <div style={{ display: 'flex', minHeight: '100vh', background: token.colorBgLayout }}>
      <aside
        data-testid="sidebar"
        data-collapsed={collapsed}
        style={{
          flex: `0 0 ${collapsed ? 80 : 260}px`,
          width: collapsed ? 80 : 260,
          transition: `flex-basis ${token.motionDurationMid}, width ${token.motionDurationMid}`,
          background: token.colorBgContainer,
          borderRight: `1px solid ${token.colorSplit}`,
          overflow: 'auto',
          height: '100vh',
          position: 'sticky',
          top: 0,
        }}
      >
        <div style={{ padding: '16px 24px', whiteSpace: 'nowrap', overflow: 'hidden' }}>
          <strong>{collapsed ? t('app.title').slice(0, 1) : t('app.title')}</strong>
        </div>
        <SidebarMenu user={me.data} modules={modules.data} collapsed={collapsed} supplierLoginUrl={shell.data?.supplier_login_url} />
      </aside>
      <div style={{ display: 'flex', flexDirection: 'column', flex: 1, minWidth: 0 }}>
        <header style={{ height: 64, lineHeight: '64px', background: token.colorBgContainer, padding: '0 16px', borderBottom: `1px solid ${token.colorSplit}` }}>
          <Flex justify="space-between" align="center" style={{ height: '100%' }}>
            <Button
              type="text"
              aria-label={collapsed ? t('header.expand') : t('header.collapse')}
              icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              onClick={() => setCollapsed(!collapsed)}
            />
            <Flex align="center" gap={phone ? 12 : 24}>
              <LanguageSwitch />
              {me.data.id ? <NotificationBell userId={me.data.id} /> : null}
              <UserMenu user={me.data} />
            </Flex>
          </Flex>
        </header>
        <main style={{ padding: phone ? 12 : 24, flex: 'auto', minHeight: 0, minWidth: 0 }}>
          <Outlet />
        </main>
      </div>
    </div>
  )
}

/** The stored token no longer opens a session (and could not be refreshed): log in again. */
function SessionGone() {
  const [cleared, setCleared] = useState(false)
  useEffect(() => {
    clearTokens()
    clearQueueCookie()
    setCleared(true)
  }, [])
  return cleared ? <Navigate to="/login" replace /> : null
}

/** A customer's session (e.g. from the storefront, same browser) does not open the back office. */
function CustomerDenied() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const logout = useLogout()
  return (
    <Result
      status="403"
      title={t('login.customerDenied')}
      extra={
        <Button type="primary" loading={logout.isPending} onClick={() => logout.mutate(undefined, { onSettled: () => navigate('/login', { replace: true }) })}>
          {t('header.logout')}
        </Button>
      }
    />
  )
}
