import { getLang } from '@shop/shared'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import './contrast.css'
import './narrow.css'
import { i18nReady } from './i18n'

document.documentElement.lang = getLang()

// the first render waits for the active language's texts (i18n/index.ts)
void i18nReady.finally(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
)
