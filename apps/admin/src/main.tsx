import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'

// The back office arrives in a later issue (queues, catalogue, content, settings). Until then this
// page says so plainly rather than showing a pretend console.
function App() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 640, margin: '80px auto', padding: 24 }}>
      <h1 style={{ fontSize: 24 }}>Back office</h1>
      <p>
        Staff sign-in, review queues (identity, deposits, withdrawals), the instrument catalogue and site
        settings are not built yet. Messages the platform would send are kept in the database outbox until
        then.
      </p>
    </main>
  )
}

const root = document.getElementById('root')
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
}
