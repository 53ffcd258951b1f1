import { SHIPPING_TABLE_MAX_BYTES, SHIPPING_TABLE_MESSAGES } from "../../domain/storeSettings"
import { fileUploadRoutes, type UploadDeps } from "./fileUpload"

export const ADMIN_SHIPPING_TABLE_PATH = "/api/admin/shipping-table"

/**
 * The settings screen's shipping-table import (field `csv`): a full table is far larger than the API's 64 KB
 * body limit. The `admin.settings.importShippingTable` procedure decides everything else (session,
 * manage_settings, parsing, the all-or-nothing replacement, the audit log) and answers its result.
 */
export const adminShippingTableRoutes = (deps: UploadDeps) =>
  fileUploadRoutes(
    {
      field: "csv",
      maxBytes: SHIPPING_TABLE_MAX_BYTES,
      messages: { tooLarge: SHIPPING_TABLE_MESSAGES.tooLarge, missing: SHIPPING_TABLE_MESSAGES.noFile },
      call: (caller, bytes) => caller.admin.settings.importShippingTable({ bytes }),
    },
    deps,
  )
