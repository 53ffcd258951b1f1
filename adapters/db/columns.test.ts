import { describe, expect, it } from "vitest"
import { allColumns } from "./columns"

interface Table {
  id: string
  name: string
}

describe("allColumns", () => {
  it("lists a table's columns, and a list missing one does not compile", () => {
    expect(allColumns<Table>()("id", "name")).toEqual(["id", "name"])
    // @ts-expect-error: "name" is missing
    expect(allColumns<Table>()("id")).toEqual(["id"])
  })
})
