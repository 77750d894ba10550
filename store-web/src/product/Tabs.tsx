// Accessible tabs (WAI-ARIA tabs pattern): a tablist of buttons with roving tabindex; Left and
// Right move (wrapping), Home and End jump; the chosen tab's panel is the only one rendered.
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'

export interface TabDef {
  key: string
  label: string
  content: ReactNode
}

export function Tabs({ tabs, label, initial }: { tabs: TabDef[]; label: string; initial?: string }) {
  const id = useId()
  const [active, setActive] = useState(initial ?? tabs[0]?.key)
  const refs = useRef<(HTMLButtonElement | null)[]>([])
  const index = Math.max(
    0,
    tabs.findIndex((t) => t.key === active),
  )

  function move(to: number) {
    const n = tabs.length
    const i = (to + n) % n
    setActive(tabs[i].key)
    refs.current[i]?.focus()
  }

  function onKeyDown(e: KeyboardEvent) {
    const keys: Record<string, () => void> = {
      ArrowRight: () => move(index + 1),
      ArrowLeft: () => move(index - 1),
      Home: () => move(0),
      End: () => move(tabs.length - 1),
    }
    const f = keys[e.key]
    if (f) {
      e.preventDefault()
      f()
    }
  }

  const current = tabs[index]
  return (
    <div className="tabs">
      <div className="tabs__list" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((t, i) => (
          <button
            key={t.key}
            ref={(el) => {
              refs.current[i] = el
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${t.key}`}
            aria-selected={i === index}
            aria-controls={`${id}-panel-${t.key}`}
            tabIndex={i === index ? 0 : -1}
            className="tabs__tab"
            onClick={() => setActive(t.key)}
          >
            {t.label}
          </button>
        ))}
      </div>
      {current && (
        <div
          className="tabs__panel"
          role="tabpanel"
          id={`${id}-panel-${current.key}`}
          aria-labelledby={`${id}-tab-${current.key}`}
          tabIndex={0}
        >
          {current.content}
        </div>
      )}
    </div>
  )
}
