import { type KeyboardEvent, type ReactNode, type RefObject, useEffect, useId, useRef, useState } from "react"

interface Tab {
  readonly id: string
  readonly label: string
  readonly content: ReactNode
}

/** WAI-ARIA tabs: arrow keys, Home and End move between tabs; only the selected tab is in the tab order. */
export function Tabs({ label, tabs, initial }: { label: string; tabs: readonly Tab[]; initial?: string }) {
  const [selected, setSelected] = useState(initial ?? tabs[0]?.id)
  const base = useId()
  const strip = useRef<HTMLDivElement>(null)
  // On a phone the strip scrolls sideways: the selected tab is brought to its middle, for a page opened on a
  // later tab (`?tab=`) and whenever another is chosen. Only the strip scrolls (scrollIntoView would also
  // scroll the page to the strip, e.g. when the page is reloaded scrolled down).
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the selection; the tabs' order is fixed
  useEffect(() => {
    const list = strip.current
    const tab = list?.children[tabs.findIndex((t) => t.id === selected)]
    if (!list || !tab) return
    const t = tab.getBoundingClientRect()
    const s = list.getBoundingClientRect()
    // From the tab's middle to the strip's; a strip that does not scroll stays where it is.
    list.scrollLeft += (t.left + t.right - s.left - s.right) / 2
  }, [selected])
  const more = useHiddenTabs(strip)
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key]
    if (next === undefined) return
    event.preventDefault()
    const target = (next + tabs.length) % tabs.length
    setSelected(tabs[target]?.id)
    ;(strip.current?.children[target] as HTMLElement | undefined)?.focus()
  }
  return (
    <div>
      {/*
        More tabs than a phone is wide scroll inside the strip, not the page, and a fading edge says more are
        that way; from a tablet's width they wrap onto a second line instead, all in view. A scroll container
        clips what hangs over its edge, so the baseline is an inset shadow (the tabs' 2 px borders paint over
        it) and the focus ring is drawn inside each tab.
      */}
      <div className="relative">
        <div
          ref={strip}
          role="tablist"
          aria-label={label}
          className="flex gap-2 overflow-x-auto shadow-[inset_0_-1px_0_var(--border)] md:flex-wrap"
        >
          {tabs.map((tab, i) => {
            const active = tab.id === selected
            return (
              <button
                key={tab.id}
                type="button"
                role="tab"
                id={`${base}-tab-${tab.id}`}
                aria-selected={active}
                aria-controls={`${base}-panel-${tab.id}`}
                tabIndex={active ? 0 : -1}
                onClick={() => setSelected(tab.id)}
                onKeyDown={(e) => onKeyDown(e, i)}
                className={`shrink-0 whitespace-nowrap border-b-2 px-4 py-2 font-medium focus-visible:[outline-offset:-3px] ${active ? "border-[var(--accent)]" : "border-transparent text-muted"}`}
              >
                {tab.label}
              </button>
            )
          })}
        </div>
        {more.before && (
          <span
            aria-hidden
            data-tabs-more="before"
            className="pointer-events-none absolute inset-y-0 left-0 w-10 bg-linear-to-r from-[var(--bg)] to-transparent"
          />
        )}
        {more.after && (
          <span
            aria-hidden
            data-tabs-more="after"
            className="pointer-events-none absolute inset-y-0 right-0 w-10 bg-linear-to-l from-[var(--bg)] to-transparent"
          />
        )}
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

/** Whether tabs lie scrolled out of the strip before and after what it shows, kept up as it scrolls or resizes. */
function useHiddenTabs(strip: RefObject<HTMLDivElement | null>) {
  const [more, setMore] = useState({ before: false, after: false })
  useEffect(() => {
    const list = strip.current
    if (!list) return
    const measure = () => {
      const before = list.scrollLeft > 1
      const after = list.scrollLeft < list.scrollWidth - list.clientWidth - 1
      setMore((was) => (was.before === before && was.after === after ? was : { before, after }))
    }
    measure()
    list.addEventListener("scroll", measure, { passive: true })
    const resized = new ResizeObserver(measure)
    resized.observe(list)
    return () => {
      list.removeEventListener("scroll", measure)
      resized.disconnect()
    }
  }, [strip])
  return more
}
