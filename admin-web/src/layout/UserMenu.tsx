// The header's user menu: avatar (photo or initials), name, and the logout.
import { LogoutOutlined } from '@ant-design/icons'
import { Space, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import type { User } from '../api/client'
import { MenuButton } from '../components/MenuButton'
import { useLogout } from '../hooks/api/session'
import { useNarrow } from './useNarrow'

export function initials(name: string | undefined): string {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean)
  return parts
    .slice(0, 2)
    .map((p) => p[0].toUpperCase())
    .join('')
}

export function UserMenu({ user }: { user: User }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const logout = useLogout()
  // on a phone the name would push the header wider than the screen: the initials stay, the
  // name is what the picture is called
  const phone = useNarrow(600)
  const items = [{ key: 'logout', icon: <LogoutOutlined />, label: t('header.logout'), disabled: logout.isPending }]
  return (
    <MenuButton
      menu={{
        items,
        onClick: ({ key }) => {
          if (key === 'logout') logout.mutate(undefined, { onSettled: () => navigate('/login', { replace: true }) })
        },
      }}
    >
      <Space style={{ cursor: 'pointer' }} data-testid="user-menu" aria-label={phone ? user.name : undefined} title={phone ? user.name : undefined}>
        <UserPicture src={user.image_thumb || undefined} initials={initials(user.name)} />
        {!phone && <strong>{user.name}</strong>}
      </Space>
    </MenuButton>
  )
}

/** UserPicture: the photo, or the initials on a blue disc, as antd's Avatar showed them (without its code). */
function UserPicture({ src, initials }: { src?: string; initials: string }) {
  const { token } = theme.useToken()
  const size = token.controlHeight
  const disc = { width: size, height: size, borderRadius: '50%', flex: 'none' } as const
  if (src) return <img src={src} alt="" style={{ ...disc, objectFit: 'cover', display: 'block' }} />
  return (
    <span style={{ ...disc, display: 'inline-flex', alignItems: 'center', justifyContent: 'center', background: token.colorPrimary, color: '#fff' }}>
      {initials}
    </span>
  )
}
