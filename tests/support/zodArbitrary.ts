import fc from "fast-check"

/** The part of a zod 4 schema this generator reads: its definition's kind and children. */
interface SchemaDef {
  readonly type: string
  readonly format?: string
  readonly shape?: Record<string, { _zod: { def: SchemaDef } }>
  readonly innerType?: { _zod: { def: SchemaDef } }
  readonly element?: { _zod: { def: SchemaDef } }
  readonly in?: { _zod: { def: SchemaDef } }
  readonly valueType?: { _zod: { def: SchemaDef } }
  readonly options?: readonly { _zod: { def: SchemaDef } }[]
  readonly entries?: Record<string, string | number>
  readonly values?: readonly unknown[]
}

const defOf = (schema: unknown): SchemaDef | null =>
  (schema as { _zod?: { def?: SchemaDef } } | undefined)?._zod?.def ?? null

/** Characters people never type into a form, and the ones a database or an HTTP header chokes on. */
const awkwardChar = fc.constantFrom(
  "\u0000",
  "\u0001",
  "\u0008",
  "\t",
  "\n",
  "\r",
  "\u001b",
  "\u001f",
  "\u007f",
  "\u0085",
  "\u2028",
  "\ufeff",
  "\ud800",
  "😀",
  "ã",
  "'",
  '"',
  "\\",
  "%",
  "<",
)

/** A text a person could type, with awkward characters mixed in, and now and then a long one. */
export const awkwardText: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .array(fc.oneof(fc.string({ maxLength: 4 }), awkwardChar), { maxLength: 8 })
      .map((parts) => parts.join("")),
  },
  { weight: 1, arbitrary: fc.constantFrom("\u0000", "a\u0000b", "/😀", "", " ") },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.integer({ min: 500, max: 5000 }), awkwardChar).map(([n, c]) => "x".repeat(n) + c),
  },
)

/** Values of any type, nested a little: what a client that ignores the schema sends. */
export const junk: fc.Arbitrary<unknown> = fc.anything({
  maxDepth: 3,
  maxKeys: 4,
  stringUnit: "binary",
  withNullPrototype: false,
})

/** A value that satisfies a string format (so the input gets past it), sometimes with an awkward character. */
function formatted(format: string | undefined): fc.Arbitrary<string> {
  const valid =
    format === "uuid" || format === "guid"
      ? fc.uuid()
      : format === "email"
        ? fc.emailAddress()
        : format === "url"
          ? fc.webUrl()
          : format === "datetime"
            ? fc.date({ noInvalidDate: true }).map((d) => d.toISOString())
            : null
  return valid ? fc.oneof(valid, awkwardText) : awkwardText
}

/**
 * Inputs shaped like the schema (right keys, mostly right types, so they get past validation and reach the use
 * case and the database), with texts full of awkward characters and, at any level, junk instead of the value.
 */
export function inputsFor(schema: unknown, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema)
  if (!def || depth > 4) return junk
  const shaped = shapedFor(def, depth)
  return fc.oneof({ weight: 6, arbitrary: shaped }, { weight: 1, arbitrary: junk })
}

function shapedFor(def: SchemaDef, depth: number): fc.Arbitrary<unknown> {
  const next = (child: unknown) => inputsFor(child, depth + 1)
  switch (def.type) {
    case "string":
      return formatted(def.format)
    case "number":
    case "int":
      return fc.oneof(fc.integer({ min: -5, max: 100 }), fc.integer(), fc.double())
    case "bigint":
      return fc.bigInt()
    case "boolean":
      return fc.boolean()
    case "date":
      return fc.date()
    case "enum":
      return fc.oneof(fc.constantFrom(...Object.values(def.entries ?? { x: "x" })), awkwardText)
    case "literal":
      return fc.constantFrom(...(def.values ?? [null]))
    case "object":
      return fc.record(
        Object.fromEntries(Object.entries(def.shape ?? {}).map(([key, child]) => [key, next(child)])),
      )
    case "array":
      return fc.array(next(def.element), { maxLength: 3 })
    case "record":
      return fc.dictionary(awkwardText, next(def.valueType), { maxKeys: 3 })
    case "union":
      return fc.oneof(...(def.options ?? []).map(next))
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
    case "nonoptional":
      return fc.oneof(fc.constant(undefined), next(def.innerType))
    case "pipe":
      return next(def.in)
    default:
      return junk
  }
}
