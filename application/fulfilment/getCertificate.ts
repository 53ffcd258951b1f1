import { Effect } from "effect"
import { formatDateBR, toSaoPauloCivil } from "../../domain/calendar"
import { disclosedPiece } from "../../domain/catalog/characterDisclosure"
import { editionLabel, normalizeCertificateCode } from "../../domain/fulfilment/certificate"
import { CertificateNotFound } from "../errors"
import { CertificateRegistry } from "../ports/CertificateRegistry"
import { Clock } from "../ports/Clock"
import { certificatePath } from "./fulfilmentViews"

/**
 * The public certificate page (/certificado/{code}): the piece, its number in the edition, the date and the
 * owner's initials only. A revoked certificate (the order was cancelled or returned) says so.
 */
export const getCertificate = Effect.fn("Fulfilment.getCertificate")(function* (rawCode: string) {
  const code = normalizeCertificateCode(rawCode)
  const certificate = code ? yield* (yield* CertificateRegistry).byCode(code) : null
  if (!certificate) return yield* new CertificateNotFound()
  const now = yield* (yield* Clock).now()
  return {
    code: certificate.code,
    productId: certificate.productId,
    productName: disclosedPiece({ name: certificate.productName }, certificate.reveal, now).name,
    collectionName: certificate.collectionName,
    serial: certificate.serial,
    editionSize: certificate.editionSize,
    edition: editionLabel(certificate.serial, certificate.editionSize),
    issuedAt: certificate.issuedAt,
    issuedOn: formatDateBR(toSaoPauloCivil(certificate.issuedAt)),
    ownerInitials: certificate.ownerInitials,
    valid: certificate.revokedAt === null,
    path: certificatePath(certificate.code),
  }
})
