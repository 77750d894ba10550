// The 'Kalkulator rata' tab: the retail price as the principal (read-only), the down payment,
// the term (6, 12 or 24 months; 24 promoted as interest-free), the interest field disabled and
// the monthly instalment. Informational only.
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatAmount } from './format'
import { defaultTerm, instalmentTerms, monthlyInstalment, promotedTerm, type InstalmentTerm } from './instalments'

export function InstalmentCalculator({ retailPrice }: { retailPrice: number }) {
  const { t } = useTranslation()
  const id = useId()
  const [down, setDown] = useState('')
  const [term, setTerm] = useState<InstalmentTerm>(defaultTerm)
  const monthly = monthlyInstalment(retailPrice, down, term)

  return (
    <form className="instalments" data-testid="instalment-calculator" onSubmit={(e) => e.preventDefault()}>
      <p className="instalments__promo">{t('product.instalments.promo')}</p>
      <div className="instalments__grid">
        <label htmlFor={`${id}-principal`}>{t('product.instalments.principal')}</label>
        <input id={`${id}-principal`} readOnly value={`${formatAmount(retailPrice)} RSD`} />

        <label htmlFor={`${id}-down`}>{t('product.instalments.downPayment')}</label>
        <input
          id={`${id}-down`}
          inputMode="decimal"
          autoComplete="off"
          value={down}
          placeholder="0,00"
          onChange={(e) => setDown(e.target.value)}
        />

        <span id={`${id}-term-label`}>{t('product.instalments.term')}</span>
        <div className="instalments__terms" role="radiogroup" aria-labelledby={`${id}-term-label`}>
          {instalmentTerms.map((m) => (
            <label key={m} className={`instalments__term${m === promotedTerm ? ' instalments__term--promoted' : ''}`}>
              <input type="radio" name={`${id}-term`} value={m} checked={term === m} onChange={() => setTerm(m)} />
              {m === promotedTerm ? t('product.instalments.promotedTerm') : t('product.instalments.months', { n: m })}
            </label>
          ))}
        </div>

        <label htmlFor={`${id}-months`}>{t('product.instalments.termField')}</label>
        <input id={`${id}-months`} readOnly value={term} />

        <label htmlFor={`${id}-interest`}>{t('product.instalments.interest')}</label>
        <input id={`${id}-interest`} disabled value="0%" />

        <label htmlFor={`${id}-monthly`}>{t('product.instalments.monthly')}</label>
        <output id={`${id}-monthly`} htmlFor={`${id}-down`} data-testid="monthly-instalment" aria-live="polite">
          {monthly === null ? '' : `${formatAmount(monthly)} RSD`}
        </output>
      </div>
      <p className="instalments__note">{t('product.instalments.note')}</p>
    </form>
  )
}
