// The last resort: a rendering error shows a short message with a reload button instead of
// an empty page.
import { Component, type ErrorInfo, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack)
  }

  render() {
    return this.state.failed ? <Crashed /> : this.props.children
  }
}

function Crashed() {
  const { t } = useTranslation()
  return (
    <main className="standalone" role="alert">
      <div className="card standalone__card">
        <h1>{t('crash.title')}</h1>
        <p>{t('crash.text')}</p>
        <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
          {t('crash.reload')}
        </button>
      </div>
    </main>
  )
}
