import type { ColumnType, Generated } from "kysely"

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>

/** better-auth's user table (camelCase columns are the library's), read by our own queries (export, roles). */
export interface AuthUserTable {
  id: string
  name: string
  email: string
  emailVerified: boolean
  image: string | null
  createdAt: Timestamp
  updatedAt: Timestamp
  role: string | null
  appRole: string | null
  blockedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
}

export interface AuthSessionTable {
  id: string
  expiresAt: Timestamp
  token: string
  createdAt: Timestamp
  updatedAt: Timestamp
  ipAddress: string | null
  userAgent: string | null
  userId: string
}

export interface AuthSignInFailuresTable {
  id: Generated<number>
  email: string
  ip: string
  failed_at: ColumnType<Date, Date | string | undefined, never>
}

export interface AuthAccountTable {
  id: string
  accountId: string
  providerId: string
  userId: string
  password: string | null
  createdAt: Timestamp
  updatedAt: Timestamp
}
