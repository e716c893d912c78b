/** An "i" in a circle (drawn here: icons.tsx is part of the first load). */
export function InfoIcon() {
  return (
    <svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true">
      <circle cx="12" cy="12" r="9.2" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="M12 10.6v6" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      <circle cx="12" cy="7.4" r="1.15" fill="currentColor" />
    </svg>
  )
}
