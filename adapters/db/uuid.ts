const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Whether a text can be compared with a uuid column: any other text makes PostgreSQL fail the whole statement
 * ("invalid input syntax for type uuid"), so an id typed into an address must be answered "not found" first.
 */
export const isUuid = (text: string) => UUID.test(text)
