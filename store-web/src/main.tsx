// The storefront's entry: anonymous cart and wish-list ids first, then the app.
import { QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router'
import { App } from './App'
import './i18n'
import { createQueryClient } from './queryClient'
import { ErrorBoundary } from './shell/ErrorBoundary'
import { initAnonymousVisitor } from './shell/anonymous'
import './styles.css'

initAnonymousVisitor(window.location.pathname)

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ErrorBoundary>
      <QueryClientProvider client={createQueryClient()}>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </QueryClientProvider>
    </ErrorBoundary>
  </StrictMode>,
)
