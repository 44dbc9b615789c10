/// One result column of a statement, found by its name once (`Statement.column(_:)`) and then
/// read on every row of a scan without looking the name up again.
package struct Column {
  /// The column's place in the select list.
  package let index: Int32
}
