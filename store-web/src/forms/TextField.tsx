// A labelled input with its error shown under it (linked for screen readers).
import { useId, type ChangeEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { FieldError } from './useForm'

interface Props {
  label: string
  name: string
  value: string
  error?: FieldError
  /** invalid marks the field without a message of its own (the form shows one notice). */
  invalid?: boolean
  onChange: (e: ChangeEvent<HTMLInputElement>) => void
  type?: 'text' | 'email' | 'password'
  autoComplete?: string
  autoFocus?: boolean
}

export function TextField({ label, name, value, error, invalid, onChange, type = 'text', autoComplete, autoFocus }: Props) {
  const { t } = useTranslation()
  const id = useId()
  const message = error === undefined ? null : typeof error === 'string' ? error : t(error.key, error.params)
  return (
    <div className={message ? 'field field--invalid' : 'field'}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        value={value}
        onChange={onChange}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        aria-invalid={message || invalid ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
      />
      {message && (
        <p className="field__error" id={`${id}-error`} data-field-error={name}>
          {message}
        </p>
      )}
    </div>
  )
}
