// MenuButton: a button that opens a menu of choices (antd's Dropdown on click). The Dropdown's
// code loads with the first click, so a screen with such a button does not load it up front.
// The child is the button; it gets the click.
import type { MenuProps } from 'antd'
import { cloneElement, lazy, Suspense, useState, type ReactElement } from 'react'

const Dropdown = lazy(() => import('antd/es/dropdown'))

export function MenuButton({ menu, children }: { menu: MenuProps; children: ReactElement<{ onClick?: () => void }> }) {
  const [wanted, setWanted] = useState(false)
  const [open, setOpen] = useState(false)
  if (!wanted)
    return cloneElement(children, {
      onClick: () => {
        setWanted(true)
        setOpen(true)
      },
    })
  return (
    <Suspense fallback={children}>
      <Dropdown trigger={['click']} menu={menu} open={open} onOpenChange={setOpen}>
        {children}
      </Dropdown>
    </Suspense>
  )
}
