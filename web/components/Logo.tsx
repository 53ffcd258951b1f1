/** `wordmark` styles the name, e.g. to leave only the star where a phone's header has no room. */
export function Logo({ wordmark = "" }: { readonly wordmark?: string }) {
  return (
    <span className="flex items-center gap-2 font-bold tracking-tight">
      <svg aria-hidden viewBox="0 0 32 32" className="h-8 w-8">
        <defs>
          <linearGradient id="logo-g" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#f6d78b" />
            <stop offset="1" stopColor="#b5861f" />
          </linearGradient>
        </defs>
        <rect width="32" height="32" rx="9" fill="#13131d" />
        <path
          d="M16 5l3.2 6.6 7.3 1-5.3 5.1 1.3 7.2L16 21.5l-6.5 3.4 1.3-7.2-5.3-5.1 7.3-1z"
          fill="url(#logo-g)"
        />
      </svg>
      <span className={`text-lg ${wordmark}`}>Legendarium</span>
    </span>
  )
}
