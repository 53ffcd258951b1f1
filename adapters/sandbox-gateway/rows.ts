import type { Selectable } from "kysely"
import type { GatewayPayment } from "../../application/ports/PaymentGateway"
import { paymentStatusFromGateway } from "../../domain/orders/payment"
import type { SandboxPaymentsTable } from "../db/tables/sandbox"

export type SandboxPaymentRow = Selectable<SandboxPaymentsTable>

/** The page where the buyer (or a developer) sees and pays a sandbox PIX or boleto. */
export const paymentPageUrl = (publicUrl: string, id: string) => `${publicUrl}/sandbox/pagamentos/${id}`

/** A stored sandbox payment as the gateway port describes it, with the fields Mercado Pago would fill. */
export function toGatewayPayment(row: SandboxPaymentRow, publicUrl: string): GatewayPayment {
  const expiresAt = row.expires_at ? row.expires_at.getTime() : null
  return {
    id: row.id,
    orderId: row.order_id,
    attemptId: row.attempt_id,
    // Written by the sandbox itself, always one of Mercado Pago's statuses.
    status: paymentStatusFromGateway(row.status) ?? "pending",
    statusDetail: row.status_detail,
    amount: row.amount_cents,
    installments: row.installments,
    paymentMethodId: row.payment_method_id,
    cardLastFour: row.card_last_four,
    approvedAt: row.approved_at ? row.approved_at.getTime() : null,
    pix:
      row.method === "pix" && row.pix_qr_code
        ? {
            qrCode: row.pix_qr_code,
            qrCodeBase64: row.pix_qr_base64 ?? "",
            ticketUrl: paymentPageUrl(publicUrl, row.id),
            expiresAt,
          }
        : null,
    boleto:
      row.method === "boleto" && row.boleto_digitable_line
        ? {
            digitableLine: row.boleto_digitable_line,
            barcode: row.boleto_barcode ?? "",
            url: paymentPageUrl(publicUrl, row.id),
            dueAt: expiresAt,
          }
        : null,
  }
}
