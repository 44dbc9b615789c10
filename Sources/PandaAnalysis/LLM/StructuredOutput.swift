/// How a reply is asked to be JSON, strongest first; servers that refuse one get the next.
package enum StructuredOutput: String, Sendable, CaseIterable {
  /// `response_format: {"type": "json_schema", …}` (OpenAI, vLLM, llama-server, Ollama ≥ 0.5).
  case jsonSchema = "json_schema"
  /// `response_format: {"type": "json_object", "schema": …}`: llama.cpp's servers constrain
  /// decoding to the schema this way.
  case jsonObjectWithSchema = "json_object_schema"
  /// `response_format: {"type": "json_object"}`: any JSON; the prompt's example shows the shape.
  case jsonObject = "json_object"
  /// No `response_format`; the prompt asks for JSON.
  case plain

  var next: StructuredOutput? {
    switch self {
    case .jsonSchema: .jsonObjectWithSchema
    case .jsonObjectWithSchema: .jsonObject
    case .jsonObject: .plain
    case .plain: nil
    }
  }
}
