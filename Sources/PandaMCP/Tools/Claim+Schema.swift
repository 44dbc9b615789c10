import PandaAnalysis
import PandaCore

extension Claim {
  /// The JSON Schema of one field.
  private static func property(_ name: String, kind: Kind, nullable: Bool) -> JSONValue {
    let schema: JSONValue =
      switch name {
      case "kind": ToolSchema.string("the kind of claim", allowed: [kind.rawValue])
      case "metric": ToolSchema.string("a metric id or short name, such as activity.steps or steps")
      case "stat": ToolSchema.string("the figure", allowed: stats[kind] ?? [])
      case "which": ToolSchema.string("which end", allowed: ["highest", "lowest"])
      case "op": ToolSchema.string("the comparison with value", allowed: comparisons)
      case "value": ToolSchema.number("the threshold, in unit")
      case "unit": ToolSchema.string("the unit of value, such as steps, h, min, km")
      case "from": ToolSchema.date("the first day, YYYY-MM-DD")
      case "to": ToolSchema.date("the last day, YYYY-MM-DD, not after today")
      case "baseFrom": ToolSchema.date("the first day of the period compared with")
      case "baseTo": ToolSchema.date("the last day of the period compared with")
      case "on": ToolSchema.string("only these days of the week", allowed: dayChoices)
      case "type": ToolSchema.string("a workout type such as running or walking, or any")
      case "category": ToolSchema.string("the category", allowed: HealthCategory.analysed.map(\.rawValue))
      case "period": ToolSchema.string("the period", allowed: InsightPeriod.allCases.map(\.rawValue))
      case "tag":
        ToolSchema.string(
          "a tag the person logged (alcohol, travel) or a symptom Health recorded (symptom:headache), as the tags "
            + "tool lists them")
      default: ToolSchema.string(name)
      }
    guard nullable, case .object(var members) = schema else { return schema }
    // Strict structured output wants every field listed as required: an optional one may be null.
    members["type"] = .array([members["type"] ?? .string("string"), .string("null")])
    if case .array(let allowed)? = members["enum"] { members["enum"] = .array(allowed + [.null]) }
    return .object(members)
  }

  /// The schema of one claim of `kind`. `strict` lists every field as required (an optional
  /// one nullable), as strict structured output wants.
  static func schema(_ kind: Kind, strict: Bool) -> JSONValue {
    let fields = Self.fields[kind] ?? ([], [])
    let names = fields.required + fields.optional
    return ToolSchema.object(
      names.map { ($0, property($0, kind: kind, nullable: fields.optional.contains($0) && strict)) },
      required: strict ? names : fields.required)
  }

  /// The schema of `answer`'s arguments: `{"claims": [...]}`, each claim one of the kinds.
  static func answerSchema(strict: Bool) -> JSONValue {
    ToolSchema.object(
      [
        (
          "claims",
          ToolSchema.array(
            .object(["anyOf": .array(Kind.allCases.map { schema($0, strict: strict) })]),
            "what panda should compute and state; empty when no claim can answer the question")
        )
      ], required: ["claims"])
  }

  /// The most claims one answer may carry.
  static let mostClaims = 20

  /// The claims in `answer`'s arguments, or why they are not `{"claims": [...]}`.
  static func claims(in arguments: JSONValue?) throws(ToolError) -> [JSONValue] {
    guard case .object(let members)? = arguments, members.count == 1, case .array(let claims)? = members["claims"]
    else {
      throw ToolError(
        #"The arguments of answer must be {"claims": [...]}, each claim an object with its kind; send it again."#)
    }
    guard claims.count <= mostClaims else {
      throw ToolError("answer takes at most \(mostClaims) claims; send the \(mostClaims) that matter most.")
    }
    return claims
  }
}
