// The account forms' state: values, the first problem per field (from the client rules or from
// a server 422), and a form-level error for anything that belongs to no field. A submit that
// ends in errors moves the focus to the first of them and announces them (revealErrors).
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '@shop/shared'
import { revealFirstError } from './revealErrors'
import { validate, type Problem, type Rule } from './validation'

/** A field's error: a client problem (translated when shown) or a server message (as sent). */
export type FieldError = Problem | string

export function useForm<F extends string>(schema: Record<F, Rule[]>, initial: Record<F, string>) {
  const { t } = useTranslation()
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<Partial<Record<F, FieldError>>>({})
  const [formError, setFormError] = useState<string | null>(null)
  // failed counts the submits that ended in errors: each one, once rendered, reveals them.
  const [failed, setFailed] = useState(0)
  const formEl = useRef<HTMLFormElement | null>(null)
  const errorCount = Object.values(errors).filter(Boolean).length + (formError ? 1 : 0)
  useEffect(() => {
    if (failed > 0) revealFirstError(formEl.current, t('form.errorsAnnounced', { count: errorCount }))
    // Only a new failed submit reveals: typing that clears an error must not move the focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [failed])

  function field(name: F) {
    return {
      name,
      value: values[name],
      error: errors[name],
      onChange: (e: ChangeEvent<HTMLInputElement>) => {
        const value = e.target.value
        setValues((v) => ({ ...v, [name]: value }))
        setErrors((errs) => ({ ...errs, [name]: undefined }))
      },
    }
  }

  function showServerError(err: unknown) {
    if (!(err instanceof ApiError)) {
      setFormError(t('form.serverError'))
      return
    }
    const fields = err.fields
    const mine: Partial<Record<F, string>> = {}
    const others: string[] = []
    for (const [name, msg] of Object.entries(fields)) {
      if (name in values) mine[name as F] = msg
      else others.push(msg)
    }
    setErrors(mine)
    if (others.length > 0) setFormError(others.join(' '))
    else if (Object.keys(mine).length === 0) setFormError(err.status >= 500 ? t('form.serverError') : err.message)
  }

  /** onSubmit checks the client rules, then runs action; a failed action fills the errors. */
  function onSubmit(action: (values: Record<F, string>) => Promise<unknown>) {
    return async (e: FormEvent) => {
      e.preventDefault()
      formEl.current = e.currentTarget instanceof HTMLFormElement ? e.currentTarget : null
      setFormError(null)
      const problems = validate(schema, values) as Partial<Record<F, Problem>>
      setErrors(problems)
      if (Object.keys(problems).length > 0) {
        setFailed((n) => n + 1)
        return
      }
      try {
        await action(values)
      } catch (err) {
        showServerError(err)
        setFailed((n) => n + 1)
      }
    }
  }

  return { values, setValues, errors, formError, field, onSubmit }
}
