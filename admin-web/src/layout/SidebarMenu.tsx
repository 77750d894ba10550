// The sidebar's menu: the groups and entries this user may see, the current section selected
// (aria-current). Plain links in antd's menu look rather than antd's Menu, whose code (rc-menu,
// its overflow measuring) every back-office screen would load first. Groups fold and unfold;
// collapsed to icons, a group's entries open beside it on hover, as antd's inline menu did.
import {
  AppstoreOutlined,
  ExportOutlined,
  DollarOutlined,
  DownOutlined,
  FileTextOutlined,
  HomeOutlined,
  SettingOutlined,
  ShoppingCartOutlined,
  SwapOutlined,
} from '@ant-design/icons'
import { theme } from 'antd'
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import type { Principal } from '../auth/access'
import { LazyPopover } from '../components/LazyPopover'
import { ServerPageLink } from '../components/ServerPageLink'
import { activeEntry, sidebar, visibleEntries, type SidebarEntry } from './sidebar'

const groupIcons: Record<string, ReactNode> = {
  catalogue: <AppstoreOutlined />,
  prices: <DollarOutlined />,
  importExport: <SwapOutlined />,
  sales: <ShoppingCartOutlined />,
  content: <FileTextOutlined />,
  administration: <SettingOutlined />,
}

/** the menu's look, from the theme's tokens (antd's inline menu: 40 px rows, rounded selection) */
function useNavStyle(): string {
  const { token } = theme.useToken()
  return `
.shop-nav ul { list-style: none; margin: 0; padding: 0 }
.shop-nav .shop-nav-item { display: flex; align-items: center; gap: 10px; box-sizing: border-box; width: calc(100% - 8px);
  height: 40px; margin: 4px; padding: 0 16px 0 24px; border: 0; border-radius: ${token.borderRadiusLG}px; background: none;
  color: ${token.colorText}; font: inherit; text-align: start; white-space: nowrap; overflow: hidden; cursor: pointer;
  text-decoration: none; transition: background ${token.motionDurationMid} }
.shop-nav .shop-nav-item:hover { background: ${token.colorBgTextHover}; color: ${token.colorText} }
.shop-nav .shop-nav-item:focus-visible { outline: 2px solid ${token.colorPrimaryBorder}; outline-offset: -2px }
.shop-nav .shop-nav-item[aria-current='page'] { background: ${token.controlItemBgActive}; color: ${token.colorPrimary} }
.shop-nav .shop-nav-sub .shop-nav-item { padding-inline-start: 48px }
.shop-nav .shop-nav-label { flex: 1; overflow: hidden; text-overflow: ellipsis }
.shop-nav .shop-nav-caret { font-size: 10px; transition: transform ${token.motionDurationMid} }
.shop-nav .shop-nav-caret[data-open='false'] { transform: rotate(-90deg) }
.shop-nav.shop-nav-collapsed .shop-nav-item { justify-content: center; padding: 0 }
.shop-nav.shop-nav-collapsed .shop-nav-item .anticon { font-size: 16px }
.shop-nav-popup .shop-nav-sub .shop-nav-item { padding: 0 16px; min-width: 200px }
`
}

export interface SidebarMenuProps {
  user: Principal | undefined
  modules: string[] | undefined
  collapsed?: boolean
  /** the external supplier-login page (admin/shell); empty or missing: no link */
  supplierLoginUrl?: string
}

export function SidebarMenu({ user, modules, collapsed = false, supplierLoginUrl }: SidebarMenuProps) {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const css = useNavStyle()
  const groups = useMemo(() => visibleEntries(sidebar, user, modules), [user, modules])
  const active = activeEntry(groups, pathname)
  const selected = active?.key ?? (pathname === '/' ? 'home' : '')
  // every group starts open so each section is one click away; the user may fold them
  const [closed, setClosed] = useState<string[]>([])
  const box = useRef<HTMLElement>(null)

  // the menu is long: bring the current section into view when it changes
  useEffect(() => {
    box.current?.querySelector('[aria-current="page"]')?.scrollIntoView?.({ block: 'nearest' })
  }, [active?.key])

  const entryLink = (e: SidebarEntry) => {
    const current = e.key === selected ? ('page' as const) : undefined
    return e.external ? (
      <ServerPageLink href={e.path} className="shop-nav-item" current={current}>
        <span className="shop-nav-label">{t(e.label)}</span>
      </ServerPageLink>
    ) : (
      <Link to={e.path} className="shop-nav-item" aria-current={current}>
        <span className="shop-nav-label">{t(e.label)}</span>
      </Link>
    )
  }

  return (
    <nav ref={box} className={`shop-nav${collapsed ? ' shop-nav-collapsed' : ''}`}>
      <style>{css}</style>
      <ul>
        <li>
          <Link to="/" className="shop-nav-item" aria-current={selected === 'home' ? 'page' : undefined} title={collapsed ? t('nav.home') : undefined}>
            <HomeOutlined />
            {!collapsed && <span className="shop-nav-label">{t('nav.home')}</span>}
          </Link>
        </li>
        {groups.map((g) => {
          const open = !closed.includes(g.key)
          const entries = (
            <ul className="shop-nav-sub">
              {g.entries.map((e) => (
                <li key={e.key}>{entryLink(e)}</li>
              ))}
            </ul>
          )
          if (collapsed) {
            const holdsCurrent = g.entries.some((e) => e.key === selected)
            return (
              <li key={g.key}>
                <LazyPopover placement="rightTop" arrow={false} title={t(g.label)} content={<div className="shop-nav shop-nav-popup">{entries}</div>}>
                  <button type="button" className="shop-nav-item" aria-label={t(g.label)} aria-current={holdsCurrent ? 'location' : undefined}>
                    {groupIcons[g.key]}
                  </button>
                </LazyPopover>
              </li>
            )
          }
          return (
            <li key={g.key}>
              <button
                type="button"
                className="shop-nav-item"
                aria-expanded={open}
                onClick={() => setClosed((c) => (open ? [...c, g.key] : c.filter((k) => k !== g.key)))}
              >
                {groupIcons[g.key]}
                <span className="shop-nav-label">{t(g.label)}</span>
                <DownOutlined className="shop-nav-caret" data-open={String(open)} />
              </button>
              {open && entries}
            </li>
          )
        })}
        {supplierLoginUrl && (
          <li>
            {/* another site: a new tab, with no handle back to this one */}
            <a
              href={supplierLoginUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="shop-nav-item"
              title={collapsed ? t('staff.shell.supplierLogin') : undefined}
              aria-label={collapsed ? t('staff.shell.supplierLogin') : undefined}
            >
              <ExportOutlined />
              {!collapsed && <span className="shop-nav-label">{t('staff.shell.supplierLogin')}</span>}
            </a>
          </li>
        )}
      </ul>
    </nav>
  )
}
