// The product list's six mass dialogs (catalogue spec 2 "Mass dialogs", 3 "Mass payloads", 4 and 5):
// change descriptions, add a discount, activate or deactivate attributes, move to a category,
// one energy sticker and one catalog sticker to many; the menu offers the discount once its server
// route exists (OFFERED_MASS_ACTIONS). Each first passes the select-first rules;
// on success it closes, clears the selection, and the server's message shows as a toast. A 422
// lands on the dialog's fields; what has no field there (the selection, the sticker file, the
// category) shows inside the dialog, since the app's toasts leave 422s to the forms.
import { DownOutlined } from '@ant-design/icons'
import { Button, Space } from 'antd'
import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { MenuButton } from '../../components/MenuButton'
import type { Target } from '../../hooks/api/products'
import type { ProductFilters } from '../../lists/productQuery'
import { chosenCategory, gateMassAction, OFFERED_MASS_ACTIONS, type Gate, type MassAction, type Selection } from './massRules'

// the dialogs (forms, date pickers, uploads) load when one opens: the list's first screen has no
// use for them
const MassDialogs = lazy(async () => ({ default: (await import('./MassDialogs')).MassDialogs }))

export interface MassActionsProps {
  selection: Selection
  filters: ProductFilters
  /** the ids, or the filter params when the whole filtered list is chosen */
  target: Target
  /** after a successful change: clear the selection */
  onDone: () => void
  /** the category-required refusal was closed without a category: open the filter panel there */
  onNeedCategory: () => void
}

export function MassActions({ selection, filters, target, onDone, onNeedCategory }: MassActionsProps) {
  const { t } = useTranslation()
  const [open, setOpen] = useState<MassAction | null>(null)
  const [refusal, setRefusal] = useState<Extract<Gate, { ok: false }> | null>(null)

  const start = (action: MassAction) => {
    const gate = gateMassAction(action, selection, filters)
    if (gate.ok) setOpen(action)
    else setRefusal(gate)
  }
  const done = () => {
    setOpen(null)
    onDone()
  }
  const close = () => setOpen(null)
  const category = chosenCategory(filters)

  return (
    <>
      <MenuButton menu={{ items: OFFERED_MASS_ACTIONS.map((a) => ({ key: a, label: t(`mass.${a}`) })), onClick: ({ key }) => start(key as MassAction) }}>
        <Button>
          <Space>
            {t('mass.menu')}
            <DownOutlined />
          </Space>
        </Button>
      </MenuButton>

      {(open !== null || refusal !== null) && (
        <Suspense fallback={null}>
          <MassDialogs
            open={open}
            refusal={refusal}
            target={target}
            category={category}
            onDone={done}
            onCancel={close}
            onCloseRefusal={closeRefusal}
          />
        </Suspense>
      )}
    </>
  )

  function closeRefusal() {
    const needCategory = refusal?.openCategoryFilter
    setRefusal(null)
    if (needCategory) onNeedCategory()
  }
}

