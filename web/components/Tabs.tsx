import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from "react"

interface Tab {
  readonly id: string
  readonly label: string
  readonly content: ReactNode
}

/** WAI-ARIA tabs: arrow keys, Home and End move between tabs; only the selected tab is in the tab order. */
export function Tabs({ label, tabs, initial }: { label: string; tabs: readonly Tab[]; initial?: string }) {
  const [selected, setSelected] = useState(initial ?? tabs[0]?.id)
  const base = useId()
  const refs = useRef<(HTMLButtonElement | null)[]>([])
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key]
    if (next === undefined) return
    event.preventDefault()
    const target = (next + tabs.length) % tabs.length
    setSelected(tabs[target]?.id)
    refs.current[target]?.focus()
  }
  return (
    <div>
      <div role="tablist" aria-label={label} className="flex gap-2 border-b border-theme">
        {tabs.map((tab, i) => {
          const active = tab.id === selected
          return (
            <button
              key={tab.id}
              ref={(el) => {
                refs.current[i] = el
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${tab.id}`}
              aria-selected={active}
              aria-controls={`${base}-panel-${tab.id}`}
              tabIndex={active ? 0 : -1}
              onClick={() => setSelected(tab.id)}
              onKeyDown={(e) => onKeyDown(e, i)}
              className={`-mb-px border-b-2 px-4 py-2 font-medium ${active ? "border-[var(--accent)]" : "border-transparent text-muted"}`}
            >
              {tab.label}
            </button>
          )
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${base}-panel-${tab.id}`}
          aria-labelledby={`${base}-tab-${tab.id}`}
          hidden={tab.id !== selected}
          className="pt-6"
        >
          {tab.content}
        </div>
      ))}
    </div>
  )
}
