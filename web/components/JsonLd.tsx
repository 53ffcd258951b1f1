/** Structured data the server wrote (as text, `<` already escaped), in the server-rendered HTML. */
export function JsonLd({ json }: { json: string }) {
  return (
    <script
      type="application/ld+json"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON built on the server from our own data, "<" escaped
      dangerouslySetInnerHTML={{ __html: json }}
    />
  )
}
