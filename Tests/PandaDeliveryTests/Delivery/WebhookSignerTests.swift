import Foundation
import Testing

@testable import PandaDelivery
@testable import PandaTestSupport

/// The example published with the Standard Webhooks reference libraries.
@Test func signatureMatchesTheStandardWebhooksExample() throws {
  let signer = try WebhookSigner(secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")
  let signature = signer.signature(
    id: "msg_p5jXN8AQM9LWM0D4loKWxJek", timestamp: 1_614_265_330, body: Data(#"{"test": 2432232314}"#.utf8))
  #expect(signature == "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=")
}

@Test func headersCarryIdTimestampAndSignature() throws {
  let signer = try WebhookSigner(secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")
  let body = Data("{}".utf8)
  let headers = Dictionary(uniqueKeysWithValues: signer.headers(id: "msg_1", timestamp: 1_700_000_000, body: body))
  #expect(headers["webhook-id"] == "msg_1")
  #expect(headers["webhook-timestamp"] == "1700000000")
  #expect(headers["webhook-signature"] == signer.signature(id: "msg_1", timestamp: 1_700_000_000, body: body))
  #expect(headers["webhook-signature"] != signer.signature(id: "msg_1", timestamp: 1_700_000_001, body: body))
}

@Test(arguments: [
  "MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "whsec_not base64!", "whsec_" + Data(count: 8).base64EncodedString(),
])
func unusableSecretsAreRefused(secret: String) {
  #expect(throws: DeliveryError.self) { try WebhookSigner(secret: secret) }
}

@Test func newSecretsAreUsableAndDiffer() throws {
  let first = WebhookSigner.newSecret()
  _ = try WebhookSigner(secret: first)
  #expect(first != WebhookSigner.newSecret())
}
