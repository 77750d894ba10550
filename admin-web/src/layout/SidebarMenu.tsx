// The sidebar's menu: the groups and entries this user may see, the current section selected.
import {
  AppstoreOutlined,
  DollarOutlined,
  FileTextOutlined,
  HomeOutlined,
  SettingOutlined,
  ShoppingCartOutlined,
  SwapOutlined,
} from '@ant-design/icons'
import { Menu, type MenuProps } from 'antd'
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import type { Principal } from '../auth/access'
import { ServerPageLink } from '../components/ServerPageLink'
import { activeEntry, sidebar, visibleEntries } from './sidebar'

const groupIcons: Record<string, ReactNode> = {
  catalogue: <AppstoreOutlined />,
  prices: <DollarOutlined />,
  importExport: <SwapOutlined />,
  sales: <ShoppingCartOutlined />,
  content: <FileTextOutlined />,
  administration: <SettingOutlined />,
}

export function SidebarMenu({ user, modules }: { user: Principal | undefined; modules: string[] | undefined }) {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const groups = useMemo(() => visibleEntries(sidebar, user, modules), [user, modules])
  const active = activeEntry(groups, pathname)
  // every group starts open so each section is one click away; the user may fold them
  const [openKeys, setOpenKeys] = useState<string[]>(() => sidebar.map((g) => g.key))
  const box = useRef<HTMLDivElement>(null)

  // the menu is long: bring the current section into view when it changes
  useEffect(() => {
    box.current?.querySelector('.ant-menu-item-selected')?.scrollIntoView?.({ block: 'nearest' })
  }, [active?.key])

  const items: MenuProps['items'] = [
    { key: 'home', icon: <HomeOutlined />, label: <Link to="/">{t('nav.home')}</Link> },
    ...groups.map((g) => ({
      key: g.key,
      icon: groupIcons[g.key],
      label: t(g.label),
      children: g.entries.map((e) => ({
        key: e.key,
        label: e.external ? <ServerPageLink href={e.path}>{t(e.label)}</ServerPageLink> : <Link to={e.path}>{t(e.label)}</Link>,
      })),
    })),
  ]

  return (
    <div ref={box}>
      <Menu
        mode="inline"
        items={items}
        selectedKeys={[active?.key ?? (pathname === '/' ? 'home' : '')]}
        openKeys={openKeys}
        onOpenChange={setOpenKeys}
        style={{ borderInlineEnd: 'none' }}
      />
    </div>
  )
}
