// The product page's question form ('Pitanja i odgovori'): name and question, checked on
// submit with spec 5's messages; an optional e-mail for the answer; the server's message is
// shown and the form resets.
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { TextField } from '../forms/TextField'
import { useForm } from '../forms/useForm'
import { useAskQuestion } from '../hooks/api/voice'
import { FormAlert } from '../pages/AuthCard'
import { Honeypot } from './Honeypot'
import { QUESTION_MAX, questionRules } from './rules'

const empty = { name: '', question: '', email: '', website: '' }

export function QuestionForm({ productSlug }: { productSlug: string }) {
  const { t } = useTranslation()
  const ask = useAskQuestion(productSlug)
  const form = useForm(questionRules, empty)
  const [done, setDone] = useState<string | null>(null)
  const id = useId()
  const qErr = form.errors.question
  const qMessage = qErr === undefined ? null : typeof qErr === 'string' ? qErr : t(qErr.key, qErr.params)
  return (
    <form
      className="voice-form"
      noValidate
      onSubmit={form.onSubmit(async (v) => {
        setDone(null)
        const msg = await ask.mutateAsync({ name: v.name.trim(), question: v.question.trim(), email: v.email.trim() || undefined, website: v.website })
        setDone(msg)
        form.setValues(empty)
      })}
    >
      <h3>{t('voice.question.title')}</h3>
      {done && <FormAlert kind="success">{done}</FormAlert>}
      {form.formError && <FormAlert kind="error">{form.formError}</FormAlert>}
      <TextField label={t('voice.question.name')} autoComplete="name" {...form.field('name')} />
      <div className={qMessage ? 'field field--invalid' : 'field'}>
        <label htmlFor={id}>{t('voice.question.question')}</label>
        <textarea
          id={id}
          name="question"
          rows={4}
          maxLength={QUESTION_MAX + 100}
          value={form.values.question}
          onChange={(e) => {
            const value = e.target.value
            form.setValues((v) => ({ ...v, question: value }))
          }}
          aria-invalid={qMessage ? true : undefined}
          aria-describedby={qMessage ? `${id}-error` : undefined}
        />
        {qMessage && (
          <p className="field__error" id={`${id}-error`} data-field-error="question">
            {qMessage}
          </p>
        )}
      </div>
      <TextField label={t('voice.question.email')} type="email" autoComplete="email" {...form.field('email')} />
      <Honeypot {...form.field('website')} />
      <button type="submit" className="btn btn--primary" disabled={ask.isPending}>
        {ask.isPending ? t('form.sending') : t('voice.question.submit')}
      </button>
    </form>
  )
}
