import { Fragment, type ReactNode } from "react"

/** A paragraph, or a bulleted list when an array. */
export type LegalBlock = string | readonly string[]

export interface LegalSection {
  readonly id: string
  readonly title: string
  readonly blocks: readonly LegalBlock[]
}

interface LegalDocumentProps {
  readonly title: string
  readonly lastUpdated: string
  readonly sections: readonly LegalSection[]
  /** Every occurrence of this e-mail in the texts becomes a mailto link. */
  readonly email: string
  /** Content of the closing "see also" paragraph. */
  readonly footer?: ReactNode
}

/** Renders text with every occurrence of the e-mail turned into a mailto link. */
function withEmailLinks(text: string, email: string) {
  const parts = text.split(email)
  return parts.map((part, index) => (
    <Fragment key={index}>
      {part}
      {index < parts.length - 1 ? (
        <a href={`mailto:${email}`} className="text-accent underline underline-offset-2">
          {email}
        </a>
      ) : null}
    </Fragment>
  ))
}

/** Shared layout of the legal pages: header, table of contents, sections and footer. */
export function LegalDocument({ title, lastUpdated, sections, email, footer }: LegalDocumentProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <header>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        <p className="mt-3 text-sm text-muted">Última atualização: {lastUpdated}</p>
      </header>

      <nav aria-labelledby="sumario" className="surface mt-8 rounded-2xl p-5 sm:p-6">
        <h2 id="sumario" className="text-sm font-semibold uppercase tracking-wider text-muted">
          Sumário
        </h2>
        <ol className="mt-3 grid gap-1.5 text-sm sm:grid-cols-2">
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className="hover:text-accent hover:underline">
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      <div className="mt-10 leading-relaxed">
        {sections.map((section) => (
          <section key={section.id} aria-labelledby={section.id} className="mt-10 first:mt-0">
            <h2 id={section.id} className="scroll-mt-24 text-xl font-bold sm:text-2xl">
              {section.title}
            </h2>
            {section.blocks.map((block, index) =>
              typeof block === "string" ? (
                <p key={index} className="mt-4 text-muted">
                  {withEmailLinks(block, email)}
                </p>
              ) : (
                <ul key={index} className="mt-4 list-disc space-y-2 pl-6 text-muted marker:text-accent">
                  {block.map((item) => (
                    <li key={item}>{withEmailLinks(item, email)}</li>
                  ))}
                </ul>
              ),
            )}
          </section>
        ))}
      </div>

      {footer ? <p className="mt-12 border-t border-theme pt-6 text-sm text-muted">{footer}</p> : null}
    </div>
  )
}
