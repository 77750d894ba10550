// The card every account form sits in.
import type { ReactNode } from 'react'

export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <div className="container auth-page">
      <section className="card auth-card">
        <h1>{title}</h1>
        {subtitle && <p className="auth-card__subtitle">{subtitle}</p>}
        {children}
      </section>
    </div>
  )
}

export function FormAlert({ kind, children }: { kind: 'error' | 'success'; children: ReactNode }) {
  return (
    <p className={`alert alert--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  )
}
