import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import { preloadPagesAt } from './app/preload-pages.ts'
import { Providers } from './app/providers.tsx'
import { createAppRouter } from './app/router.tsx'
import './index.css'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

// The page at this address loads before the first render. A first render that waits for it shows the loading
// fallback, and React then keeps the page back until the fallback has been up for 300 ms: most of the largest paint.
// A page that fails to load still renders: its route's error screen says so.
void preloadPagesAt(window.location.pathname)
  .catch(() => undefined)
  .then(() => {
    createRoot(root).render(
      <StrictMode>
        <Providers>
          <RouterProvider router={createAppRouter()} />
        </Providers>
      </StrictMode>,
    )
  })
