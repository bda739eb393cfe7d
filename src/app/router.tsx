import { createBrowserRouter } from 'react-router-dom'

import { ContentError, ContentRoute, contentLoader } from './routes/content-route'

/** Every path is a content route for now; the app shell's route table replaces this catch-all. */
export function createRouter() {
  return createBrowserRouter([{ path: '*', loader: contentLoader, Component: ContentRoute, ErrorBoundary: ContentError }])
}
