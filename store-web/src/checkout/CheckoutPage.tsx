// /zavrsetak-kupovine: the purchase completion, for guests and logged-in customers. Contact
// data, the billing address (a customer may pick a saved one: address_method 'saved' or 'new'),
// an optional different shipping address, a company's data (PIB checked here and on the server),
// the note and the payment method; delivery is free across Serbia. The form sends one
// Idempotency-Key for its whole life, so a double click or a retry never makes a second order;
// a second submit while one is under way is not sent at all.
import { useEffect, useRef, useState, type ChangeEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { formatPrice } from '../catalog/format'
import { TextField } from '../forms/TextField'
import { useForm } from '../forms/useForm'
import { maxLength, required, rules, type Rule } from '../forms/validation'
import { useAddresses, type SavedAddress } from '../hooks/api/addresses'
import { listId, useCart } from '../hooks/api/cart'
import { paymentMethods, useCheckout, type CheckoutInput, type PaymentMethod } from '../hooks/api/orders'
import { useMe } from '../hooks/api/session'
import { FormAlert } from '../pages/AuthCard'
import { paths, thankYouPath } from '../routes/paths'
import { useIsLoggedIn } from '../session/loginState'
import { useDocumentTitle } from '../shell/useDocumentTitle'
import { addressRules, NOTE_MAX, phone, pib } from './rules'
import { rememberOrder } from './thankYouStore'
import '../pages/cart/cart.css'

type AddressMethod = 'saved' | 'new'

const fields = [
  'name',
  'email',
  'phone',
  'address',
  'city',
  'post_code',
  'shipping_name',
  'shipping_address',
  'shipping_city',
  'shipping_post_code',
  'shipping_phone',
  'note',
  'company_name',
  'company_number',
  'company_pib',
] as const
type Field = (typeof fields)[number]

function newKey(): string {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('')
}

export function CheckoutPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('checkout.title'))
  const cart = useCart()
  const loggedIn = useIsLoggedIn()
  const me = useMe()
  const addresses = useAddresses()
  const checkout = useCheckout()
  const navigate = useNavigate()
  // One key per form: every submit of this form (a double click, a retry after a lost answer)
  // carries it, and the server answers the first order again.
  const [idempotencyKey] = useState(newKey)
  const sending = useRef(false)

  const saved = loggedIn ? (addresses.data ?? []) : []
  const savedBilling = saved.filter((a) => a.type === 'billing_address')
  const savedShipping = saved.filter((a) => a.type === 'shipping_address')
  const [billingMethod, setBillingMethod] = useState<AddressMethod | null>(null)
  const [billingId, setBillingId] = useState<number | null>(null)
  const [shipDifferent, setShipDifferent] = useState(false)
  const [shippingMethod, setShippingMethod] = useState<AddressMethod | null>(null)
  const [shippingId, setShippingId] = useState<number | null>(null)
  const [company, setCompany] = useState(false)
  const [payment, setPayment] = useState<PaymentMethod>('cash_on_delivery')

  // A customer with saved addresses starts from them; anyone else types a new one.
  const billingBy: AddressMethod = billingMethod ?? (savedBilling.length > 0 ? 'saved' : 'new')
  const shippingBy: AddressMethod = shippingMethod ?? (savedShipping.length > 0 ? 'saved' : 'new')
  const billingChoice = billingId ?? savedBilling[0]?.id ?? null
  const shippingChoice = shippingId ?? savedShipping[0]?.id ?? null

  const schema: Record<Field, Rule[]> = {
    name: rules.name,
    email: rules.email,
    phone: billingBy === 'saved' ? [phone] : addressRules.phone,
    address: billingBy === 'new' ? addressRules.address : [],
    city: billingBy === 'new' ? addressRules.city : [],
    post_code: billingBy === 'new' ? addressRules.post_code : [],
    shipping_name: shipDifferent && shippingBy === 'new' ? addressRules.name : [],
    shipping_address: shipDifferent && shippingBy === 'new' ? addressRules.address : [],
    shipping_city: shipDifferent && shippingBy === 'new' ? addressRules.city : [],
    shipping_post_code: shipDifferent && shippingBy === 'new' ? addressRules.post_code : [],
    shipping_phone: shipDifferent && shippingBy === 'new' ? [phone] : [],
    note: [maxLength(NOTE_MAX)],
    company_name: company ? [required, maxLength(255)] : [],
    company_number: company ? [maxLength(32)] : [],
    company_pib: company ? [required, pib] : [],
  }
  const initial = Object.fromEntries(fields.map((f) => [f, ''])) as Record<Field, string>
  const form = useForm(schema, initial)

  // The logged-in customer's name and e-mail, once they are known (the shopper may change them).
  const { setValues } = form
  const meName = me.data?.name
  const meEmail = me.data?.email
  useEffect(() => {
    if (meName || meEmail) setValues((v) => (v.name || v.email ? v : { ...v, name: meName ?? '', email: meEmail ?? '' }))
  }, [meName, meEmail, setValues])
  // The phone of the chosen saved billing address, while the shopper has typed none.
  const savedPhone = savedBilling.find((a) => a.id === billingChoice)?.phone ?? ''
  useEffect(() => {
    if (savedPhone) setValues((v) => (v.phone ? v : { ...v, phone: savedPhone }))
  }, [savedPhone, setValues])

  const items = cart.data?.items ?? []
  if (cart.isPending) return <div className="container" aria-busy="true" />
  if (cart.data && items.length === 0 && !checkout.isSuccess) {
    return (
      <div className="container cart-page">
        <h1>{t('checkout.title')}</h1>
        <p className="cart-empty">{t('cart.empty')}</p>
        <Link to={paths.home}>{t('checkout.continueShopping')}</Link>
      </div>
    )
  }

  const submit = form.onSubmit(async (v) => {
    if (sending.current) return
    sending.current = true
    try {
      const body: CheckoutInput = {
        cart_id: listId('cart'),
        name: v.name,
        email: v.email,
        phone: v.phone,
        note: v.note,
        payment_method: payment,
      }
      if (billingBy === 'saved' && billingChoice) body.billing_address_id = billingChoice
      else Object.assign(body, { address: v.address, city: v.city, post_code: v.post_code })
      if (shipDifferent) {
        if (shippingBy === 'saved' && shippingChoice) body.shipping_address_id = shippingChoice
        else
          Object.assign(body, {
            shipping_name: v.shipping_name,
            shipping_address: v.shipping_address,
            shipping_city: v.shipping_city,
            shipping_post_code: v.shipping_post_code,
            shipping_phone: v.shipping_phone,
          })
      }
      if (company) Object.assign(body, { company_name: v.company_name, company_number: v.company_number, company_pib: v.company_pib })
      const r = await checkout.mutateAsync({ form: body, idempotencyKey })
      const order = r.data!
      rememberOrder(order)
      navigate(thankYouPath(order.number), { state: { order } })
    } finally {
      sending.current = false
    }
  })

  const noteField = {
    value: form.values.note,
    onChange: (e: ChangeEvent<HTMLTextAreaElement>) => form.setValues((x) => ({ ...x, note: e.target.value })),
  }
  const noteError = form.errors.note

  return (
    <div className="container checkout-page">
      <h1>{t('checkout.title')}</h1>
      <div className="checkout-layout">
        <form noValidate onSubmit={submit} className="checkout-form" aria-label={t('checkout.title')}>
          {form.formError && <FormAlert kind="error">{form.formError}</FormAlert>}

          <Section title={t('checkout.contact')}>
            <TextField label={t('checkout.fields.name')} autoComplete="name" {...form.field('name')} />
            <TextField label={t('checkout.fields.email')} type="email" autoComplete="email" {...form.field('email')} />
            <TextField label={t('checkout.fields.phone')} autoComplete="tel" {...form.field('phone')} />
          </Section>

          <Section title={t('checkout.billing')}>
            {savedBilling.length > 0 && (
              <AddressChoice
                name="billing_address_method"
                method={billingBy}
                onMethod={setBillingMethod}
                addresses={savedBilling}
                chosen={billingChoice}
                onChoose={setBillingId}
                label={t('checkout.savedBilling')}
                legend={t('checkout.addressMethod', { what: t('checkout.billing') })}
              />
            )}
            {billingBy === 'new' && (
              <>
                <TextField label={t('checkout.fields.address')} autoComplete="street-address" {...form.field('address')} />
                <TextField label={t('checkout.fields.city')} autoComplete="address-level2" {...form.field('city')} />
                <TextField label={t('checkout.fields.postCode')} autoComplete="postal-code" {...form.field('post_code')} />
              </>
            )}
          </Section>

          <Section title={t('checkout.shipping')}>
            <label className="check">
              <input type="checkbox" checked={shipDifferent} onChange={(e) => setShipDifferent(e.target.checked)} />
              {t('checkout.shipDifferent')}
            </label>
            {shipDifferent && savedShipping.length > 0 && (
              <AddressChoice
                name="shipping_address_method"
                method={shippingBy}
                onMethod={setShippingMethod}
                addresses={savedShipping}
                chosen={shippingChoice}
                onChoose={setShippingId}
                label={t('checkout.savedShipping')}
                legend={t('checkout.addressMethod', { what: t('checkout.shipping') })}
              />
            )}
            {shipDifferent && shippingBy === 'new' && (
              <>
                <TextField label={t('checkout.fields.shippingName')} {...form.field('shipping_name')} />
                <TextField label={t('checkout.fields.shippingAddress')} {...form.field('shipping_address')} />
                <TextField label={t('checkout.fields.shippingCity')} {...form.field('shipping_city')} />
                <TextField label={t('checkout.fields.shippingPostCode')} {...form.field('shipping_post_code')} />
                <TextField label={t('checkout.fields.shippingPhone')} {...form.field('shipping_phone')} />
              </>
            )}
            <p className="checkout-delivery" data-testid="free-delivery">
              {t('header.freeDelivery')}
            </p>
          </Section>

          <Section title={t('checkout.companySection')}>
            <label className="check">
              <input type="checkbox" checked={company} onChange={(e) => setCompany(e.target.checked)} />
              {t('checkout.isCompany')}
            </label>
            {company && (
              <>
                <TextField label={t('checkout.fields.companyName')} autoComplete="organization" {...form.field('company_name')} />
                <TextField label={t('checkout.fields.companyNumber')} {...form.field('company_number')} />
                <TextField label={t('checkout.fields.companyPib')} {...form.field('company_pib')} />
              </>
            )}
          </Section>

          <Section title={t('checkout.paymentSection')}>
            <fieldset className="radio-group">
              <legend className="visually-hidden">{t('checkout.paymentSection')}</legend>
              {paymentMethods.map((m) => (
                <label key={m} className="check">
                  <input type="radio" name="payment_method" value={m} checked={payment === m} onChange={() => setPayment(m)} />
                  {t(`checkout.payment.${m}`)}
                </label>
              ))}
            </fieldset>
          </Section>

          <div className={noteError ? 'field field--invalid' : 'field'}>
            <label htmlFor="checkout-note">{t('checkout.fields.note')}</label>
            <textarea id="checkout-note" name="note" rows={3} maxLength={NOTE_MAX} {...noteField} aria-invalid={noteError ? true : undefined} />
            {noteError && (
              <p className="field__error" data-field-error="note">
                {typeof noteError === 'string' ? noteError : t(noteError.key, noteError.params)}
              </p>
            )}
          </div>

          <button type="submit" className="btn btn--accent btn--lg btn--block" disabled={checkout.isPending}>
            {checkout.isPending ? t('form.sending') : t('checkout.submit')}
          </button>
        </form>

        <aside className="checkout-summary card" aria-label={t('checkout.summary')}>
          <h2>{t('checkout.summary')}</h2>
          <ul className="checkout-summary__lines">
            {items.map((l) => (
              <li key={l.product_id} className={l.purchasable === false ? 'cart-line--unavailable' : undefined}>
                <span>
                  {l.quantity} × {l.name}
                </span>
                <span>{l.purchasable === false ? t('cart.unavailable') : formatPrice(l.line_total)}</span>
              </li>
            ))}
          </ul>
          <p className="cart-summary__total">
            {t('cart.total')}: <strong data-testid="checkout-total">{formatPrice(cart.data?.total ?? 0)}</strong>
          </p>
          <p className="muted">{t('cart.vatAndDelivery')}</p>
        </aside>
      </div>
    </div>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="checkout-section">
      <h2>{title}</h2>
      {children}
    </section>
  )
}

/** AddressChoice: a saved address or a new one (the spec's address_method), and which saved one. */
function AddressChoice(props: {
  name: string
  method: AddressMethod
  onMethod: (m: AddressMethod) => void
  addresses: SavedAddress[]
  chosen: number | null
  onChoose: (id: number) => void
  label: string
  legend: string
}) {
  const { t } = useTranslation()
  return (
    <>
      <fieldset className="radio-group">
        <legend className="visually-hidden">{props.legend}</legend>
        {(['saved', 'new'] as const).map((m) => (
          <label key={m} className="check">
            <input type="radio" name={props.name} value={m} checked={props.method === m} onChange={() => props.onMethod(m)} />
            {t(`checkout.addressMethods.${m}`)}
          </label>
        ))}
      </fieldset>
      {props.method === 'saved' && (
        <div className="field">
          <label htmlFor={`${props.name}-id`}>{props.label}</label>
          <select id={`${props.name}-id`} value={props.chosen ?? ''} onChange={(e) => props.onChoose(Number(e.target.value))}>
            {props.addresses.map((a) => (
              <option key={a.id} value={a.id}>
                {[a.name, a.address, `${a.post_code} ${a.city}`.trim()].filter(Boolean).join(', ')}
              </option>
            ))}
          </select>
        </div>
      )}
    </>
  )
}

export default CheckoutPage
