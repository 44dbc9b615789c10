/// Why a body is not a push panda can store: the sentence answered to the client (naming the
/// byte), and a shorter note for the log that quotes nothing of the body.
package struct PushRefusal: Error, Sendable, Equatable, CustomStringConvertible {
  /// 400 for a body that is not JSON, cut off or not the app's; 422 for one that holds nothing
  /// panda can use.
  var status: Int
  /// For the client: what is wrong and where.
  var message: String
  /// For the log: the kind of problem and its byte offset, no content.
  var note: String

  /// The message for the client.
  package var description: String { message }

  /// Creates a value from its stored properties.
  package init(status: Int, message: String, note: String) {
    self.status = status
    self.message = message
    self.note = note
  }
}
