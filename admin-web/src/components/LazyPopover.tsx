// LazyPopover: antd's Popover, whose code (with the tooltip's trigger and positioning under it)
// loads with the first click on its child, or the first hover over it, as MenuButton does for
// the Dropdown. Until then the child stands in; then it behaves as a Popover.
import type { PopoverProps } from 'antd'
import { cloneElement, lazy, Suspense, useRef, useState, type ReactElement, type Ref, type SyntheticEvent } from 'react'

const Popover = lazy(() => import('antd/es/popover'))

type Child = ReactElement<{
  onClick?: (e: SyntheticEvent<HTMLElement>) => void
  onMouseEnter?: (e: SyntheticEvent<HTMLElement>) => void
  onMouseLeave?: () => void
  ref?: Ref<HTMLElement>
}>

export type LazyPopoverProps = Omit<PopoverProps, 'trigger' | 'children'> & {
  /** what opens it: 'hover' (antd's default) or 'click' */
  trigger?: 'hover' | 'click'
  children: Child
}

const FOCUSABLE = 'button, a[href], input, [tabindex]'

export function LazyPopover({ trigger = 'hover', open, onOpenChange, children, ...props }: LazyPopoverProps) {
  const [wanted, setWanted] = useState(false)
  const [shown, setShown] = useState(false)
  // what the first open asks of the child once the Popover holds it (a new element)
  const first = useRef<{ focused: boolean } | null>(null)
  const change = (next: boolean) => {
    setShown(next)
    onOpenChange?.(next)
  }
  const openNow = (e: SyntheticEvent<HTMLElement>) => {
    first.current = { focused: e.currentTarget.contains(document.activeElement) }
    setWanted(true)
    change(true)
  }
  const held = (el: HTMLElement | null) => {
    const was = first.current
    if (!el || !was) return
    first.current = null
    // the focus it had (the clicked button) goes back to it, so Escape closes the Popover
    if (was.focused) (el.matches(FOCUSABLE) ? el : el.querySelector<HTMLElement>(FOCUSABLE))?.focus()
    // the browser tells the new element of the pointer only when the pointer moves over it: a
    // pointer that leaves in one jump sends it no leave, so the first move elsewhere closes
    if (trigger === 'hover') {
      const moved = (e: MouseEvent) => {
        document.removeEventListener('mousemove', moved, true)
        if (!(e.target instanceof Node && el.contains(e.target))) change(false)
      }
      document.addEventListener('mousemove', moved, true)
    }
  }
  if (!wanted) return cloneElement(children, trigger === 'click' ? { onClick: openNow } : { onMouseEnter: openNow })
  return (
    // a pointer that leaves while the code loads closes it again
    <Suspense fallback={trigger === 'hover' ? cloneElement(children, { onMouseLeave: () => change(false) }) : children}>
      <Popover {...props} trigger={trigger} open={open ?? shown} onOpenChange={(o) => change(o)}>
        {cloneElement(children, { ref: held })}
      </Popover>
    </Suspense>
  )
}
