// 'Izaberite količinu': a quantity from 1 up (spec 5: never below 1).
import { useId } from 'react'
import { useTranslation } from 'react-i18next'

export function QuantityPicker({ value, onChange }: { value: number; onChange: (n: number) => void }) {
  const { t } = useTranslation()
  const id = useId()
  const set = (n: number) => onChange(Math.max(1, Math.floor(Number.isFinite(n) ? n : 1)))
  return (
    <div className="qty">
      <label htmlFor={id}>{t('product.quantity.label')}</label>
      <div className="qty__controls">
        <button type="button" aria-label={t('product.quantity.less')} disabled={value <= 1} onClick={() => set(value - 1)}>
          −
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={value}
          onChange={(e) => set(e.target.value === '' ? 1 : Number(e.target.value))}
        />
        <button type="button" aria-label={t('product.quantity.more')} onClick={() => set(value + 1)}>
          +
        </button>
      </div>
    </div>
  )
}
