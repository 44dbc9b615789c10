import Foundation

/// Where and how to reach a chat-completions endpoint, resolved strongest first from flags,
/// the environment and `$XDG_CONFIG_HOME/panda/config`.
package struct LLMConfiguration: Sendable, Equatable {
  /// `openai` (any OpenAI-compatible server), or the presets `ollama` and `llamacpp`.
  var provider: String
  package var baseURL: String
  package var model: String
  var apiKey: String?
  var connectTimeoutMilliseconds = 5_000
  var timeoutMilliseconds = 120_000
  /// Attempts per request, the first included.
  var maxAttempts = 3
  /// The first retry's wait in seconds when the server gives none; doubled each time, at most 8 s.
  var backoffSeconds = 0.5
  /// A server's `retry-after` above this many seconds is not waited for.
  var retryAfterCapSeconds = 30.0
  var maxTokens = 1_000
  /// Whether replies are streamed as server-sent events, so that a slow model is judged by the
  /// gaps between its tokens rather than by the length of its whole reply.
  var stream = true
  /// With streaming, a request that receives nothing for this long is abandoned.
  package var idleTimeoutMilliseconds = 60_000
  /// Whether the endpoint is on this machine or the local network (loopback, a private address,
  /// a `.local` name). Such servers usually generate one reply at a time, and one that timed out
  /// is still generating: a retry would only queue behind it, so timeouts are not retried.
  var isLocal: Bool

  /// Hosts that refuse requests without a key, and the variable that usually holds it.
  static let keyedHosts: [String: String] = [
    "api.openai.com": "OPENAI_API_KEY", "openrouter.ai": "OPENROUTER_API_KEY", "api.groq.com": "GROQ_API_KEY",
    "api.mistral.ai": "MISTRAL_API_KEY", "api.together.xyz": "TOGETHER_API_KEY",
  ]

  /// A configuration panda cannot use; exit status 78.
  package enum Problem: Error, Equatable, CustomStringConvertible {
    case unknownProvider(String)
    case missingKey(host: String, variable: String)
    case invalidBaseURL(String)
    case invalidIdleTimeout(String)

    package var description: String {
      switch self {
      case .unknownProvider(let name):
        "unknown provider '\(name)': use heuristic, openai (any OpenAI-compatible server), ollama or llamacpp"
      case .missingKey(let host, let variable):
        "\(host) needs an API key: set PANDA_API_KEY (or \(variable)), or api_key in the config file"
      case .invalidBaseURL(let url):
        "'\(url)' is not an http(s) URL: set --base-url or PANDA_BASE_URL to something like http://localhost:11434/v1"
      case .invalidIdleTimeout(let text):
        "PANDA_IDLE_TIMEOUT '\(text)' is not a number of seconds from 0.1 to 3600"
      }
    }
  }

  init(provider: String, baseURL: String, model: String, apiKey: String? = nil) {
    self.provider = provider
    self.baseURL = baseURL
    self.model = model
    self.apiKey = apiKey
    self.isLocal = Self.isLocal(host: URL(string: baseURL)?.host ?? "")
  }

  /// Whether `host` names this machine or the local network.
  static func isLocal(host: String) -> Bool {
    let host = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
    if ["localhost", "::1", "0.0.0.0"].contains(host) || host.hasSuffix(".local") || host.hasSuffix(".localhost") {
      return true
    }
    let parts = host.split(separator: ".").compactMap { Int($0) }
    guard parts.count == 4 else { return host.hasPrefix("fd") || host.hasPrefix("fe80") }
    switch (parts[0], parts[1]) {
    case (127, _), (10, _), (192, 168), (169, 254): return true
    case (172, let second): return (16...31).contains(second)
    default: return false
    }
  }

  /// Resolves the configuration for `provider` (`openai`, `ollama`, `llamacpp`).
  /// - Parameters:
  ///   - flags: `base-url`, `model` given on the command line.
  ///   - file: `key = value` settings from the config file (`provider`, `base_url`, `model`, `api_key`).
  package static func resolve(
    provider: String, flags: [String: String], environment: [String: String], file: [String: String]
  ) throws(Problem) -> LLMConfiguration {
    func setting(_ flag: String, _ variables: [String], _ key: String) -> String? {
      if let value = flags[flag], !value.isEmpty { return value }
      for variable in variables {
        if let value = environment[variable], !value.isEmpty { return value }
      }
      if let value = file[key], !value.isEmpty { return value }
      return nil
    }
    let preset: (baseURL: String, model: String)
    switch provider {
    case "openai": preset = ("https://api.openai.com/v1", "gpt-4o-mini")
    case "ollama":
      let host = environment["OLLAMA_HOST"].flatMap { $0.isEmpty ? nil : $0 } ?? "localhost:11434"
      let withScheme = host.contains("://") ? host : "http://" + host
      let reachable = withScheme.replacingOccurrences(of: "0.0.0.0", with: "127.0.0.1")
      preset = ((reachable.hasSuffix("/") ? String(reachable.dropLast()) : reachable) + "/v1", "llama3.2")
    case "llamacpp": preset = ("http://127.0.0.1:8080/v1", "local")
    default: throw .unknownProvider(provider)
    }
    let openAIVariables = provider == "openai" ? ["OPENAI_BASE_URL"] : []
    let configuredBaseURL = setting("base-url", ["PANDA_BASE_URL"] + openAIVariables, "base_url")
    var baseURL = configuredBaseURL ?? preset.baseURL
    while baseURL.hasSuffix("/") { baseURL.removeLast() }
    guard let url = URL(string: baseURL), let scheme = url.scheme, ["http", "https"].contains(scheme),
      let host = url.host
    else { throw .invalidBaseURL(baseURL) }
    let model = setting("model", ["PANDA_MODEL"], "model") ?? preset.model
    let hostVariable = keyedHosts.first { host == $0.key || host.hasSuffix("." + $0.key) }?.value
    // A provider's own key goes only to its own host (or to OPENAI_BASE_URL, set beside it): an
    // OpenAI key must not be sent to a local server, perhaps over plain HTTP.
    var keyVariables = ["PANDA_API_KEY"]
    if let hostVariable {
      keyVariables.append(hostVariable)
    } else if configuredBaseURL != nil, configuredBaseURL == environment["OPENAI_BASE_URL"] {
      keyVariables.append("OPENAI_API_KEY")
    }
    // Keys come from the environment or the config file, never from a flag (flags show in `ps`).
    let apiKey = setting("", keyVariables, "api_key")
    if let hostVariable, apiKey == nil {
      throw .missingKey(host: host, variable: hostVariable)
    }
    return LLMConfiguration(provider: provider, baseURL: baseURL, model: model, apiKey: apiKey)
  }
}
