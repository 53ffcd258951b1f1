import { createHmac, randomBytes, randomUUID } from "node:crypto"
import { readFileSync } from "node:fs"
import { Agent, request } from "node:http"
import { brotliDecompressSync, gunzipSync } from "node:zlib"
import pg from "pg"
import { freshPostgres, postgresServerUrl } from "../support/databases"
import { spawnServer } from "../support/server"
import { cpuMeter } from "./cpuUsage"
import { percentile } from "./load"

/**
 * `npx tsx tests/bench/notificationsPoll.ts` (after `npm run build`; PostgreSQL from TEST_DATABASE_URL or a
 * container): what the header's unread poll (`notifications.unread`, web/lib/unreadPoller.ts) costs the
 * production server on PostgreSQL. CUSTOMERS signed-in customers (sessions written to the database, cookies
 * signed like better-auth's), each with READ read and UNREAD unread notifications, poll at once, ROUNDS times:
 * the wall time of each answer under that concurrency, the CPU the server process and PostgreSQL spent per poll,
 * and the bytes of each answer on the wire (status line, headers, body as sent). Then what a 30 s interval
 * means: CUSTOMERS / 30 polls a second. Not a test: it asserts nothing.
 */
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 200)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20)
const READ = 60
const UNREAD = 4
const INTERVAL_S = 30

const databaseUrl = await postgresServerUrl()
if (!databaseUrl) throw new Error("PostgreSQL needed: set TEST_DATABASE_URL")
const database = await freshPostgres(databaseUrl)
if (database.target.kind !== "postgres") throw new Error("PostgreSQL needed")
const secret = randomBytes(32).toString("base64url")
const server = await spawnServer({
  DATABASE_URL: database.target.url,
  AUTH_SECRET: secret,
  SEED_DEMO_DATA: "false",
  LOG_LEVEL: "error",
})
const client = new pg.Client({ connectionString: database.target.url })
await client.connect()

/** better-call's signed cookie: the token, a dot, the HMAC-SHA256 of the token in base64 (web/server agree). */
const sessionCookie = (token: string) =>
  `better-auth.session_token=${encodeURIComponent(`${token}.${createHmac("sha256", secret).update(token).digest("base64")}`)}`

// Each customer's browser keeps its connection open between polls.
const agent = new Agent({ keepAlive: true, maxSockets: CUSTOMERS })

/** One GET, counting the bytes that came over the socket: status line, headers and the (compressed) body. */
function poll(
  cookie: string,
): Promise<{ ms: number; bytes: number; bodyBytes: number; body: string; status: number }> {
  const url = new URL(`${server.url}/api/trpc/notifications.unread`)
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { headers: { cookie, "accept-encoding": "gzip, br", accept: "application/json" }, agent },
      (res) => {
        let head = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n`.length + 2
        for (let i = 0; i < res.rawHeaders.length; i += 2)
          head += `${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}\r\n`.length
        const chunks: Buffer[] = []
        res.on("data", (c: Buffer) => chunks.push(c))
        res.on("end", () => {
          const body = Buffer.concat(chunks)
          const encoding = res.headers["content-encoding"]
          const text =
            encoding === "br" ? brotliDecompressSync(body) : encoding === "gzip" ? gunzipSync(body) : body
          resolve({
            ms: performance.now() - started,
            bytes: head + body.length,
            bodyBytes: body.length,
            body: `${text.toString("utf8")}${encoding ? ` (${encoding})` : ""}`,
            status: res.statusCode ?? 0,
          })
        })
      },
    )
    req.on("error", reject)
    req.end()
  })
}

/** CPU milliseconds the server process has used so far (utime + stime of /proc/<pid>/stat). */
function serverCpuMs(): number {
  const stat = readFileSync(`/proc/${server.process.pid}/stat`, "utf8")
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
}

try {
  const now = Date.now()
  const users = Array.from({ length: CUSTOMERS }, (_, i) => ({ id: `poll-${i}`, token: randomUUID() }))
  for (const u of users) {
    await client.query(
      `insert into auth_user (id, name, email, "emailVerified", "createdAt", "updatedAt") values ($1, $2, $3, true, now(), now())`,
      [u.id, `Cliente ${u.id}`, `${u.id}@example.com`],
    )
    await client.query(
      `insert into auth_session (id, token, "userId", "expiresAt", "createdAt", "updatedAt") values ($1, $2, $3, $4, now(), now())`,
      [randomUUID(), u.token, u.id, new Date(now + 7 * 86_400_000)],
    )
  }
  // Each customer's history: many read, a few unread, spread over the last months.
  await client.query(
    `insert into notifications (user_id, type, title, message, action_url, created_at, read_at)
     select u.id, 'system', 'Comunicado ' || n, 'Uma mensagem da loja para os clientes.', null,
            now() - (n || ' hours')::interval,
            case when n > $2 then now() - (n || ' hours')::interval + interval '5 minutes' end
       from auth_user u, generate_series(1, $1::int) n
      where u.id like 'poll-%'`,
    [READ + UNREAD, UNREAD],
  )
  await client.query("analyze notifications")
  const plan = await client.query(
    `explain select count(*), max(created_at) from notifications where user_id = 'poll-1' and read_at is null`,
  )

  const cookies = users.map((u) => sessionCookie(u.token))
  const first = await poll(cookies[0] ?? "")
  if (first.status !== 200 || !first.body.includes(`"count":${UNREAD}`))
    throw new Error(`the poll did not answer the customer's count: ${first.status} ${first.body}`)
  // Warm-up: connections, JIT, the session and staff-list caches.
  for (let i = 0; i < 3; i++) await Promise.all(cookies.map(poll))

  const times: number[] = []
  let bytes = 0
  let roundsMs = 0
  const databaseName = new URL(database.target.url).pathname.slice(1)
  const meter = cpuMeter(databaseName)
  const serverBefore = serverCpuMs()
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now()
    const answers = await Promise.all(cookies.map(poll))
    roundsMs += performance.now() - started
    for (const a of answers) {
      if (a.status !== 200) throw new Error(`poll failed: ${a.status} ${a.body}`)
      times.push(a.ms)
      bytes += a.bytes
    }
  }
  const serverMs = serverCpuMs() - serverBefore
  const { postgresMs } = meter()
  const polls = times.length
  times.sort((a, b) => a - b)
  const cpuPerPoll = (serverMs + postgresMs) / polls
  const perSecond = CUSTOMERS / INTERVAL_S
  console.log(`notifications.unread poll, ${CUSTOMERS} customers at once × ${ROUNDS} rounds on PostgreSQL`)
  console.log(`  rows: ${CUSTOMERS * (READ + UNREAD)} notifications (${UNREAD} unread each)`)
  console.log(`  plan: ${plan.rows.map((r) => Object.values(r)[0]).join(" / ")}`)
  console.log(
    `  answer: ${first.body} (${first.bodyBytes} bytes of body, ${first.bytes} with the status line and headers)`,
  )
  console.log(
    `  wall per poll under ${CUSTOMERS} concurrent: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms`,
  )
  console.log(
    `  a burst of ${CUSTOMERS} answered in ${(roundsMs / ROUNDS).toFixed(0)} ms on average (${((polls / roundsMs) * 1000).toFixed(0)} polls/s)`,
  )
  console.log(
    `  CPU per poll: server ${(serverMs / polls).toFixed(2)} ms + PostgreSQL ${(postgresMs / polls).toFixed(2)} ms = ${cpuPerPoll.toFixed(2)} ms`,
  )
  console.log(`  bytes per poll on the wire: ${(bytes / polls).toFixed(0)}`)
  console.log(
    `  at one poll per ${INTERVAL_S} s per visible tab: ${perSecond.toFixed(1)} polls/s, ${((cpuPerPoll * perSecond) / 10).toFixed(1)} % of one core, ${(((bytes / polls) * perSecond) / 1024).toFixed(1)} KB/s out`,
  )
} finally {
  agent.destroy()
  await client.end()
  await server.stop()
  await database.dispose()
}
