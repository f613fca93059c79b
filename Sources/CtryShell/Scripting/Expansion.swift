import CountryModel
import CtryGrammar
import CtrySystem

/// `$1`…`$9`, `$@`, `$#` and `${NAME}` in a command line, before it is split into words.
///
/// Inside single quotes nothing expands; inside double quotes a value is inserted as is; outside
/// quotes it is quoted so that it stays one word (`$1` = `New Zealand` is one argument), and `$@`
/// becomes one word per argument.
package enum Expansion {
  package static func expand(_ line: String, arguments: [String], variables: [String: String]) throws(CtryError)
    -> String
  {
    // The byte, not `contains("$")`, which walks the line's Characters.
    guard line.utf8.contains(UInt8(ascii: "$")) else { return line }
    var out = ""
    var quote: Character?
    var escaped = false
    var index = line.startIndex
    // Checked after each insertion (the line itself is already within the bound): a line of
    // `${a}` references may not grow without end.
    func insert(_ value: String) throws(CtryError) {
      out +=
        quote == "\""
        ? value.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
        : Tokenizer.quote(value)
      if out.utf8.count > InputLimits.lineBytes { throw InputLimits.expandedLineTooLong }
    }
    while index < line.endIndex {
      let character = line[index]
      defer { if index < line.endIndex { index = line.index(after: index) } }
      if escaped {
        out.append(character)
        escaped = false
        continue
      }
      if character == "\\", quote != "'" {
        out.append(character)
        escaped = true
        continue
      }
      if character == "'" || character == "\"" {
        if quote == nil { quote = character } else if quote == character { quote = nil }
        out.append(character)
        continue
      }
      guard character == "$", quote != "'" else {
        out.append(character)
        continue
      }
      let next = line.index(after: index)
      guard next < line.endIndex else {
        out.append(character)
        continue
      }
      let symbol = line[next]
      if let digit = symbol.wholeNumberValue, digit >= 1 {
        try insert(digit <= arguments.count ? arguments[digit - 1] : "")
        index = next
      } else if symbol == "@" {
        if quote == "\"" {
          try insert(arguments.joined(separator: " "))
        } else {
          out += arguments.map(Tokenizer.quote).joined(separator: " ")
          if out.utf8.count > InputLimits.lineBytes { throw InputLimits.expandedLineTooLong }
        }
        index = next
      } else if symbol == "#" {
        out += String(arguments.count)
        index = next
      } else if symbol == "{" {
        guard let close = line[next...].firstIndex(of: "}") else {
          // Only from the `$` on: what comes before may be anything, a secret included.
          throw CtryError.usage(
            "unterminated ${ in '\(EchoedInput.shortened(String(line[index...])))'", hint: "write ${NAME}")
        }
        let name = String(line[line.index(after: next)..<close])
        guard let value = variables[name] else {
          throw CtryError.usage(
            "unknown variable '\(EchoedInput.shortened(name))'",
            hint: "define it with 'set \(EchoedInput.shortened(name)) VALUE'")
        }
        try insert(value)
        index = close
      } else {
        out.append(character)
      }
    }
    return out
  }
}
