import { useSuspenseQuery } from "@tanstack/react-query"
import { createFileRoute, Link } from "@tanstack/react-router"
import { BadgeCheck, ShieldAlert } from "lucide-react"
import { encodeQr, QR_QUIET_ZONE, qrSvgPath } from "../../../domain/qrCode"
import { NotFound } from "../../components/NotFound"
import { orNotFound } from "../../lib/notFound"
import { STORE_NAME } from "../../lib/seo"

const TITLE = "Certificado de autenticidade"

export const Route = createFileRoute("/certificado/$code")({
  loader: async ({ context, params }) => {
    const certificate = await orNotFound(context.trpc.certificates.get.ensureData({ code: params.code }))
    return { crumb: { href: `/certificado/${params.code}`, label: `Nº ${certificate.edition}` } }
  },
  // A certificate is shown to whoever holds its link or QR code, never listed by search engines.
  head: ({ loaderData }) => ({
    meta: [
      { title: loaderData ? `${TITLE} | ${STORE_NAME}` : `Certificado não encontrado | ${STORE_NAME}` },
      { name: "description", content: "Certificado de autenticidade de uma peça numerada Legendarium." },
      { name: "robots", content: "noindex, nofollow" },
    ],
  }),
  notFoundComponent: () => (
    <NotFound title="Certificado não encontrado">
      Confira o código impresso no certificado ou leia o QR code novamente.
    </NotFound>
  ),
  component: CertificatePage,
})

function CertificatePage() {
  const { trpc, publicUrl } = Route.useRouteContext()
  const { code } = Route.useParams()
  const { data: c } = useSuspenseQuery(trpc.certificates.get.queryOptions({ code }))
  const url = `${publicUrl}${c.path}`
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <article
        aria-labelledby="certificate-title"
        className="rounded-3xl border-2 border-[var(--accent)] surface p-6 text-center sm:p-10"
        data-testid="certificate"
      >
        <p className="text-sm font-semibold uppercase tracking-[0.2em] text-accent">Legendarium</p>
        <h1 id="certificate-title" className="mt-2 text-2xl font-bold tracking-tight sm:text-3xl">
          {TITLE}
        </h1>
        {c.valid ? (
          <p className="mt-3 inline-flex items-center gap-2 rounded-full bg-emerald-50 px-3 py-1 text-sm font-medium text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200">
            <BadgeCheck aria-hidden className="h-4 w-4" /> Peça autêntica
          </p>
        ) : (
          <p className="mt-3 inline-flex items-center gap-2 rounded-full bg-red-50 px-3 py-1 text-sm font-medium text-red-800 dark:bg-red-950 dark:text-red-200">
            <ShieldAlert aria-hidden className="h-4 w-4" /> Certificado cancelado: o pedido desta peça foi
            desfeito
          </p>
        )}
        <p className="mt-8 text-2xl font-semibold">{c.productName}</p>
        <p className="text-muted">Coleção {c.collectionName}</p>
        <p className="mt-6 text-sm text-muted">Edição numerada</p>
        <p className="font-mono text-5xl font-bold" data-testid="edition">
          {c.edition}
        </p>
        <dl className="mx-auto mt-8 grid max-w-sm gap-2 text-sm">
          <div className="flex justify-between gap-3">
            <dt className="text-muted">Emitido em</dt>
            <dd className="font-medium">{c.issuedOn}</dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="text-muted">Proprietário</dt>
            <dd className="font-medium" data-testid="owner">
              {c.ownerInitials || "—"}
            </dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="text-muted">Código</dt>
            <dd className="font-mono font-medium">{c.code}</dd>
          </div>
        </dl>
        <QrCode text={url} />
        <p className="mt-3 text-xs text-muted">
          Leia o QR code para abrir este certificado no site da Legendarium e confirmar a autenticidade.
        </p>
      </article>
      <div className="mt-8 flex justify-center">
        <Link to="/colecoes" className="btn btn-ghost">
          Ver coleções
        </Link>
      </div>
    </div>
  )
}

/** The certificate's own address as a QR code, drawn as SVG (rendered on the server, crisp when printed). */
function QrCode({ text }: { text: string }) {
  const qr = encodeQr(text)
  const side = qr.size + QR_QUIET_ZONE * 2
  return (
    <svg
      role="img"
      aria-label={`QR code deste certificado: ${text}`}
      viewBox={`0 0 ${side} ${side}`}
      width={192}
      height={192}
      shapeRendering="crispEdges"
      className="mx-auto mt-8 rounded-xl bg-white"
      data-testid="certificate-qr"
    >
      <rect width={side} height={side} fill="#ffffff" />
      <path d={qrSvgPath(qr)} fill="#000000" />
    </svg>
  )
}
