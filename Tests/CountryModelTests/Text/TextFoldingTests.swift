import Testing

@testable import CountryModel

@Suite struct TextFoldingTests {
  @Test(arguments: [
    ("Côte d'Ivoire", "cote d ivoire"),
    ("COTE D IVOIRE", "cote d ivoire"),
    ("Åland Islands", "aland islands"),
    ("São Tomé and Príncipe", "sao tome and principe"),
    ("Guinea-Bissau", "guinea bissau"),
    ("  St.  Lucia ", "st lucia"),
    ("Føroyar", "foroyar"),
    ("Straße", "strasse"),
    ("Washington, D.C.", "washington d c"),
  ])
  func folds(_ input: String, _ expected: String) {
    #expect(TextFolding.fold(input) == expected)
  }

  @Test func keepsNonLatinScripts() {
    #expect(TextFolding.fold("مصر") == "مصر")
    #expect(TextFolding.fold("日本") == "日本")
  }

  @Test func boundedEditDistance() {
    #expect(EditDistance.distance("germny", "germany", limit: 2) == 1)
    #expect(EditDistance.distance("fnirland", "finland", limit: 2) == 2)
    #expect(EditDistance.distance("abc", "xyz", limit: 1) == nil)
    #expect(EditDistance.distance("ab", "ba", limit: 1) == 1, "a transposition is one edit")
  }
}

@Suite struct TextFoldingScriptsTests {
  @Test func typographicApostrophesSeparateLikeStraightOnes() {
    #expect(TextFolding.fold("Côte d’Ivoire") == TextFolding.fold("Côte d'Ivoire"))
  }

  @Test func greekAndCyrillicLoseCaseAndAccents() {
    #expect(TextFolding.fold("Ελλάδα") == "ελλαδα")
    #expect(TextFolding.fold("РОССИЯ") == "россия")
    #expect(TextFolding.fold("Việt Nam") == "viet nam")
  }
}

/// The generated table (`Scripts/make-folding`) holds no letter that `spelledOut` answers first.
@Suite struct TextFoldingTableTests {
  @Test func noEntryIsShadowedBySpelledOutLetters() {
    for letter in ["Æ", "Ð", "Ø", "Þ", "Đ", "Ħ", "Ł", "Œ"] {
      let scalar = letter.unicodeScalars.first?.value ?? 0
      #expect(TextFolding.scalarFolds[scalar] == nil, "\(letter) is spelled out, not looked up")
    }
    #expect(TextFolding.fold("ÆØÞŁŒ") == "aeothloe")
    #expect(TextFolding.scalarFolds.count == 1006)
  }
}

/// `plainLetters` answers without Unicode's properties: each of its scalars must be one the
/// properties would keep as it is, and that neither table holds.
@Suite struct TextFoldingPlainLettersTests {
  @Test func everyPlainLetterIsKeptAsThePropertiesKeepIt() {
    var checked = 0
    for range in TextFolding.plainLetters {
      for value in range {
        guard let scalar = Unicode.Scalar(value) else {
          Issue.record("U+\(String(value, radix: 16)) is not a scalar")
          continue
        }
        let properties = scalar.properties
        let kept =
          properties.isAlphabetic && !properties.changesWhenLowercased
          && ![.nonspacingMark, .enclosingMark, .spacingMark].contains(properties.generalCategory)
        #expect(kept, "U+\(String(value, radix: 16)) \(properties.generalCategory)")
        #expect(TextFolding.scalarFolds[value] == nil, "U+\(String(value, radix: 16)) is in the table")
        #expect(TextFolding.fold(String(Character(scalar))) == String(Character(scalar)))
        checked += 1
      }
    }
    #expect(checked > 30_000)
  }

  /// Names from every script the catalog holds fold as before the fast path: case, marks and
  /// punctuation as the properties say.
  @Test(arguments: [
    ("Египет", "египет"), ("Ελληνική Δημοκρατία", "ελληνικη δημοκρατια"), ("مِصر", "مصر"), ("ישראל", "ישראל"),
    ("ประเทศไทย", "ประเทศไทย"), ("エジプト・アラブ共和国", "エジプト アラブ共和国"), ("이집트", "이집트"), ("Україна", "украіна"),
    ("Йемен", "иемен"), ("Côte d’Ivoire!", "cote d ivoire"), ("ＡＢＣ", "ａｂｃ"),
  ])
  func scriptsFold(_ input: String, _ expected: String) {
    #expect(TextFolding.fold(input) == expected)
  }
}
