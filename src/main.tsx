import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'

import { ContentPage } from './app/content-page'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')
createRoot(root).render(
  <StrictMode>
    <ContentPage path={window.location.pathname} />
  </StrictMode>,
)
