/** Reads the mail viewer pages of a running server: the newest e-mail to `to`, and its links. */
export async function latestEmailLinks(
  baseUrl: string,
  to: string,
  subjectIncludes: string,
): Promise<string[]> {
  const deadline = Date.now() + 10_000
  while (Date.now() < deadline) {
    const list = await (await fetch(`${baseUrl}/dev/emails`)).text()
    const rows = [
      ...list.matchAll(/<td>([^<]*)<\/td>\s*<td><a href="(\/dev\/emails\/[0-9a-f-]+)">([^<]*)<\/a>/g),
    ]
    const row = rows.find((r) => r[1]?.toLowerCase() === to.toLowerCase() && r[3]?.includes(subjectIncludes))
    if (row?.[2]) {
      const page = await (await fetch(baseUrl + row[2])).text()
      return [...page.matchAll(/<li><a href="([^"]+)"/g)].map((m) => (m[1] ?? "").replaceAll("&amp;", "&"))
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`no e-mail "${subjectIncludes}" to ${to}`)
}

/** Creates an account through the public API and confirms it with the e-mailed link. */
export async function createVerifiedAccount(baseUrl: string, name: string, email: string, password: string) {
  const res = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ name, email, password, callbackURL: "/auth/callback" }),
  })
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`)
  const [link] = await latestEmailLinks(baseUrl, email, "Confirme")
  if (!link) throw new Error("verification e-mail has no link")
  await fetch(link, { redirect: "manual" })
}

/** How many e-mails to `to` whose subject includes `subjectIncludes` the mail viewer lists. */
export async function emailCount(baseUrl: string, to: string, subjectIncludes: string): Promise<number> {
  const list = await (await fetch(`${baseUrl}/dev/emails`)).text()
  return [...list.matchAll(/<td>([^<]*)<\/td>\s*<td><a href="[^"]+">([^<]*)<\/a>/g)].filter(
    (r) => r[1]?.toLowerCase() === to.toLowerCase() && r[2]?.includes(subjectIncludes),
  ).length
}
